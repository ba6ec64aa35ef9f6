// The split program (target/split_program.h) and the compile driver (target/compile.h): the
// typed reading of what expand-mixed-kernel and split-vector-kernel write, its verifiers, and
// Compile's product.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/target/compile.h"
#include "tilesplit/target/split_program.h"

namespace {

using namespace tilesplit;

// A Group calling its AIC and AIV programs, slot_num on the Group and on the AIC part, the AIV
// part per lane; ATTRS is the AIV function's attrs.
std::string GroupProgram(const std::string& aiv_attrs, const std::string& group_attrs) {
  return R"(import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 3})
    def k_aic(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={)" +
         aiv_attrs + R"(})
    def k_aiv(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        return

    @pl.function(type=pl.FunctionType.Group)" +
         group_attrs + R"()
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        self.k_aic(a, out)
        self.k_aiv(a, out)
)";
}

const char* kDispatched =
    R"("split": pl.SplitMode.UP_DOWN, "split_aiv": True, "dual_aiv_dispatch": True)";
// One mixed InCore kernel: a matmul whose result the vector side exponentiates.
const char* kMixedKernel = R"(import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        ta: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        tb: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        la: pl.Tile[[16, 16], pl.FP16, pl.Mem.Left] = pl.tile.move(ta, target_memory=pl.Mem.Left)
        rb: pl.Tile[[16, 16], pl.FP16, pl.Mem.Right] = pl.tile.move(tb, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(la, rb)
        v: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(c, target_memory=pl.Mem.Vec)
        e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(v)
        pl.tile.store(e, [0, 0], out)
        return
)";

const char* kNotDispatched = R"("split": pl.SplitMode.UP_DOWN, "split_aiv": True)";

TEST(SplitProgram, DecodesAGroupItsPartsAndItsSettings) {
  ir::ProgramPtr p = dsl::Parse(GroupProgram(kDispatched, ""), "k.py");
  const target::SplitProgram sp(*p);
  const target::KernelGroup& g = sp.At("k");
  ASSERT_NE(g.group, nullptr);
  ASSERT_NE(g.aic, nullptr);
  ASSERT_NE(g.aiv, nullptr);
  EXPECT_EQ(g.aic->name, "k_aic");
  EXPECT_EQ(g.aiv->name, "k_aiv");
  EXPECT_EQ(g.aic_args.size(), 2u);
  EXPECT_EQ(g.aiv_args.size(), 2u);
  EXPECT_EQ(g.split, ir::SplitMode::UpDown);
  EXPECT_TRUE(g.split_aiv);
  EXPECT_EQ(g.Lanes(), 2);
  EXPECT_EQ(g.slot_num, 3);  // the Group has none: the AIC program's
  // The parts are groups of their own too, but only the Group is a kernel the program runs.
  ASSERT_NE(sp.Find("k_aiv"), nullptr);
  EXPECT_EQ(sp.Find("k_aiv")->group, nullptr);
  ASSERT_EQ(sp.Kernels().size(), 1u);
  EXPECT_EQ(sp.Kernels()[0]->name, "k");
}

TEST(SplitProgram, TheGroupsSlotCountComesFirst) {
  ir::ProgramPtr p = dsl::Parse(GroupProgram(kDispatched, R"(, attrs={"slot_num": 5})"), "k.py");
  EXPECT_EQ(target::SplitProgram(*p).At("k").slot_num, 5);
}

TEST(SplitProgram, SlotSizesAreReadWhereDeclared) {
  ir::ProgramPtr none = dsl::Parse(GroupProgram(kDispatched, ""), "k.py");
  EXPECT_EQ(target::SplitProgram(*none).At("k").c2v_slot_size, std::nullopt);
  ir::ProgramPtr p = dsl::Parse(
      GroupProgram(kDispatched, R"(, attrs={"c2v_slot_size": 4096, "v2c_slot_size": 2048})"),
      "k.py");
  const target::SplitProgram sp(*p);
  const target::KernelGroup& g = sp.At("k");
  EXPECT_EQ(g.c2v_slot_size, 4096);
  EXPECT_EQ(g.v2c_slot_size, 2048);
}

TEST(SplitProgram, APerLaneBodyOnOneLaneIsNotRunnable) {
  ir::ProgramPtr p = dsl::Parse(GroupProgram(kNotDispatched, ""), "k.py");
  const target::SplitProgram sp(*p);
  try {
    sp.At("k");
    FAIL() << "a split_aiv AIV program without dual_aiv_dispatch was taken as runnable";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("not dispatched to both lanes"), std::string::npos);
    EXPECT_EQ(e.span().line, 10);  // the AIV function
  }
  // Well formed all the same: what expand-mixed-kernel leaves before split-vector-kernel.
  EXPECT_EQ(target::SplitProgram(*p, /*runnable=*/false).At("k").Lanes(), 1);
}

TEST(SplitProgram, AGroupOfNoProgramIsWellFormedButNotRun) {
  std::string text = GroupProgram(kDispatched, "");
  text += R"(
    @pl.function(type=pl.FunctionType.Group)
    def idle(self):
        pass
)";
  ir::ProgramPtr p = dsl::Parse(text, "k.py");
  const target::SplitProgram sp(*p);  // the broken group does not stop the others
  EXPECT_EQ(sp.At("k").Lanes(), 2);
  EXPECT_EQ(sp.Find("idle"), nullptr);
  try {
    sp.At("idle");
    FAIL() << "a Group calling nothing was taken as a kernel";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("calls no AIC or AIV function"), std::string::npos);
  }
  const pass::PropertyVerifier* expanded =
      pass::PassRegistry::Global().FindVerifier(pass::Property::MixedKernelExpanded);
  ASSERT_NE(expanded, nullptr);
  EXPECT_NO_THROW((*expanded)(p));
}

TEST(SplitProgram, TheVerifiersOfTheExpansionsPropertiesAreRegistered) {
  const pass::PassRegistry& r = pass::PassRegistry::Global();
  const pass::PropertyVerifier* expanded = r.FindVerifier(pass::Property::MixedKernelExpanded);
  const pass::PropertyVerifier* stamped = r.FindVerifier(pass::Property::AivDispatchStamped);
  ASSERT_NE(expanded, nullptr);
  ASSERT_NE(stamped, nullptr);
  ir::ProgramPtr before_stamp = dsl::Parse(GroupProgram(kNotDispatched, ""), "k.py");
  EXPECT_NO_THROW((*expanded)(before_stamp));
  EXPECT_THROW((*stamped)(before_stamp), ir::UserError);
  EXPECT_NO_THROW((*stamped)(dsl::Parse(GroupProgram(kDispatched, ""), "k.py")));
  // A Group calling an InCore function is no expansion's output.
  ir::ProgramPtr bad = dsl::Parse(R"(import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.InCore)
    def k_incore(self, a: pl.Tensor[[16, 64], pl.FP32]):
        return

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32]):
        self.k_incore(a)
)",
                                  "bad.py");
  try {
    (*expanded)(bad);
    FAIL() << "a Group calling an InCore function was verified";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("a Group calls one AIC and one AIV function"), std::string::npos);
    EXPECT_EQ(e.span().line, 11);
  }
}

TEST(SplitProgram, ARunWithNoKernelNamedStartsAtTheGroup) {
  // The Group, not its parts: they are not kernels of their own.
  EXPECT_EQ(target::DefaultKernels(*dsl::Parse(GroupProgram(kDispatched, ""), "k.py")),
            std::vector<std::string>{"k"});
  // No Group: every function is a choice; one function is the kernel.
  EXPECT_EQ(target::DefaultKernels(*dsl::Parse(kMixedKernel, "k.py")),
            std::vector<std::string>{"k"});
  ir::ProgramPtr two = dsl::Parse(R"(import pypto.language as pl

@pl.program
class two:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return a

    @pl.function
    def g(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return a
)",
                                  "two.py");
  EXPECT_EQ(target::DefaultKernels(*two), (std::vector<std::string>{"f", "g"}));
}

TEST(Compile, LowersTheEntryAndDecodesItsSplitProgram) {
  ir::ProgramPtr p = dsl::Parse(kMixedKernel, "k.py");
  const target::Compiled c = target::Compile(p);
  EXPECT_EQ(c.entry, "k");
  ASSERT_NE(c.split, nullptr);
  const target::KernelGroup& g = c.split->At("k");
  EXPECT_NE(g.aic, nullptr);
  EXPECT_NE(g.aiv, nullptr);
  EXPECT_EQ(g.Lanes(), 2);
  EXPECT_EQ(&c.split->program(), c.lowered.get());
}

TEST(Compile, RefusesAHardwarePlatformAtTheEntry) {
  ir::ProgramPtr p = dsl::Parse(kMixedKernel, "k.py");
  target::CompileOptions o;
  o.platform = "a2a3";
  try {
    target::Compile(p, o);
    FAIL() << "a hardware platform was taken";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("is an NPU"), std::string::npos);
    EXPECT_EQ(e.span().line, 6);  // the entry
  }
}

}  // namespace
