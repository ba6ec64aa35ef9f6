// The shrinker reduces a planted failure to what the failure needs and never returns a text
// that does not fail.
#include <gtest/gtest.h>

#include "tilesplit/fuzz/shrinker.h"

namespace {

constexpr const char* kKernel = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(t0: pl.Tensor[[32, 16], pl.FP32], t1: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
    x = pl.load(t0, [0, 0], [32, 16], target_memory=pl.Mem.Vec)
    y = pl.load(t1, [0, 0], [32, 16], target_memory=pl.Mem.Vec)
    a = pl.add(x, y)
    for i, (acc,) in pl.range(3, init_values=(a,)):
        n = pl.add(acc, y)
        r = pl.yield_(n)
    b = pl.exp(r)
    c = pl.neg(b)
    o = pl.store(c, [0, 0], out)
    return o
)";

TEST(FuzzShrinker, ReducesAPlantedFailure) {
  // The planted "bug": any kernel that still calls pl.exp on a 32-row tile.
  auto fails = [](const std::string& t) {
    return t.find("pl.exp(") != std::string::npos && t.find("[32,") != std::string::npos;
  };
  const std::string out = tilesplit::fuzz::Shrink(kKernel, fails);
  EXPECT_TRUE(fails(out));
  EXPECT_LT(out.size(), std::string(kKernel).size() / 2) << out;
  EXPECT_EQ(out.find("pl.range"), std::string::npos) << out;  // the loop went
  EXPECT_EQ(out.find("pl.neg"), std::string::npos) << out;
}

TEST(FuzzShrinker, LowersExtentsConsistently) {
  // Fails while the row count is one of a few: 32 must shrink everywhere at once.
  auto fails = [](const std::string& t) {
    return t.find("[4, 16]") != std::string::npos || t.find("[8, 16]") != std::string::npos ||
           t.find("[16, 16]") != std::string::npos || t.find("[32, 16]") != std::string::npos;
  };
  const std::string out = tilesplit::fuzz::Shrink(kKernel, fails);
  EXPECT_TRUE(fails(out));
  EXPECT_EQ(out.find("[32"), std::string::npos) << out;
}

TEST(FuzzShrinker, InlinesAliases) {
  constexpr const char* kAliased = R"(def kernel(t: pl.Tensor[[8, 8], pl.FP32]):
    x = pl.load(t, [0, 0], [8, 8], target_memory=pl.Mem.Vec)
    y = x
    z = pl.exp(y)
    return z
)";
  // Fails while an exp of the loaded tile remains, directly or through the alias.
  auto fails = [](const std::string& t) {
    auto has = [&](const char* s) { return t.find(s) != std::string::npos; };
    return has("x = pl.load") && (has("pl.exp(x)") || (has("y = x") && has("pl.exp(y)")));
  };
  const std::string out = tilesplit::fuzz::Shrink(kAliased, fails);
  EXPECT_EQ(out.find("y = x"), std::string::npos) << out;
  EXPECT_NE(out.find("pl.exp(x)"), std::string::npos) << out;
}

TEST(FuzzShrinker, KeepsTheInputWhenNothingSmallerFails) {
  auto fails = [](const std::string& t) { return t == kKernel; };
  EXPECT_EQ(tilesplit::fuzz::Shrink(kKernel, fails), kKernel);
}

TEST(FuzzShrinker, RespectsTheAttemptBudget) {
  int calls = 0;
  auto fails = [&](const std::string&) {
    ++calls;
    return false;
  };
  tilesplit::fuzz::ShrinkOptions o;
  o.max_attempts = 5;
  tilesplit::fuzz::Shrink(kKernel, fails, o);
  EXPECT_LE(calls, 5);
}

TEST(FuzzShrinker, DeletesParametersOfAMethodWithAReturnAnnotation) {
  // A tensor-level program: the kernel is a method of a @pl.program class with a return
  // annotation. The unused parameters go; `self` stays.
  const std::string program = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = pl.exp(a)
        out = pl.assemble(out, y, [0, 0])
        return out
)";
  auto fails = [](const std::string& t) {
    return t.find("pl.exp(a)") != std::string::npos &&
           t.find("def kernel(self, a:") != std::string::npos;
  };
  const std::string out = tilesplit::fuzz::Shrink(program, fails);
  EXPECT_TRUE(fails(out));
  EXPECT_EQ(out.find("b: pl.Tensor"), std::string::npos) << out;
  EXPECT_EQ(out.find("out: pl.Out"), std::string::npos) << out;
  EXPECT_NE(out.find(") -> pl.Tensor["), std::string::npos) << out;  // the annotation kept
}

}  // namespace
