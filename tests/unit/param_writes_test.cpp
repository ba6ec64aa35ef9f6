// analysis::ParamWrites / RequireWritesKept: which tensor parameters a program writes, through
// its calls, and the refusal of a lowering that lost a write the source makes.
#include "tilesplit/analysis/param_writes.h"

#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::analysis {
namespace {

// An orchestration entry whose kernel stores into `out` (through the call) and only reads `x`.
constexpr const char* kWrites = R"(import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        y = self.kernel(x, out)
        return y
)";

// The same entry whose kernel stores into a tensor it creates: `out` is never written.
constexpr const char* kLost = R"(import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], fresh: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], fresh)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        fresh = pl.tensor.create([16, 32], dtype=pl.FP32)
        y = self.kernel(x, out, fresh)
        return y
)";

TEST(ParamWrites, FollowsTheCallToTheStoreInTheKernel) {
  ir::ProgramPtr p = dsl::Parse(kWrites, "writes.py");
  const std::map<size_t, ir::Span> w = ParamWrites(*p, *p->Find("main"));
  ASSERT_EQ(w.size(), 1u);
  ASSERT_TRUE(w.count(1));      // out
  EXPECT_EQ(w.at(1).line, 9u);  // the store in the kernel
}

TEST(ParamWrites, AStoreIntoACreatedTensorWritesNoParameter) {
  ir::ProgramPtr p = dsl::Parse(kLost, "lost.py");
  EXPECT_TRUE(ParamWrites(*p, *p->Find("main")).empty());
}

// Ops that update a GM tensor in place (OpDef::updates_in_place) write it: expand_clone's target,
// a set notify's signal; the op's result is that tensor, so a write through it counts too.
TEST(ParamWrites, AnInPlaceUpdateWritesItsTensor) {
  constexpr const char* kInPlace = R"(import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[1, 32], pl.FP32], t: pl.Tensor[[16, 32], pl.FP32], sig: pld.DistributedTensor[[2, 1], pl.INT32], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
    pld.system.notify(sig, 1, [0, 0], 1, op=pld.NotifyOp.Set)
    y = pl.tensor.expand_clone(a, t)
    z = pl.tensor.write(y, [0, 0], 1.0)
    return z
)";
  ir::ProgramPtr p = dsl::Parse(kInPlace, "in_place.py");
  const std::map<size_t, ir::Span> w = ParamWrites(*p, *p->Find("main"));
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w.at(1).line, 7u);  // t, by expand_clone
  EXPECT_EQ(w.at(2).line, 6u);  // sig, by notify
  EXPECT_FALSE(w.count(0));     // a is only read
}

TEST(RequireWritesKept, RefusesALoweringThatLostAWriteAtTheSourceWrite) {
  ir::ProgramPtr source = dsl::Parse(kWrites, "writes.py");
  ir::ProgramPtr lowered = dsl::Parse(kLost, "lost.py");
  try {
    RequireWritesKept(*source, *lowered, "main");
    FAIL() << "a lost write was accepted";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, 9u);
    EXPECT_NE(std::string(e.message()).find("the Out parameter 'out' of 'main'"), std::string::npos)
        << e.message();
    EXPECT_NE(std::string(e.message()).find("never writes it"), std::string::npos);
  }
  EXPECT_NO_THROW(RequireWritesKept(*source, *source, "main"));
  EXPECT_NO_THROW(RequireWritesKept(*lowered, *source, "main"));  // writing more is no loss
}

}  // namespace
}  // namespace tilesplit::analysis
