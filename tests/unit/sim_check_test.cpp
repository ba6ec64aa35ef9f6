// The core-group executor, ExpandMixedKernel and the check, end to end on small kernels.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::sim {
namespace {

ir::ProgramPtr Split(const ir::ProgramPtr& p) {
  std::vector<pass::Pass> passes;
  for (const char* n : {"lower-auto-vector-split", "expand-mixed-kernel", "split-vector-kernel"})
    passes.push_back(pass::PassRegistry::Global().Find(n)->factory());
  return pass::RunPipeline(p, passes);
}

std::string Boundary(int valid, const char* mode, const char* valid_text = nullptr) {
  std::string v = valid_text ? valid_text : std::to_string(valid);
  return std::string("import pypto.language as pl\n") +
         "@pl.function(type=pl.FunctionType.InCore, attrs={\"split\": pl.SplitMode." + mode +
         "})\n"
         "def k(n: pl.Scalar[pl.INDEX], qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, "
         "pl.TileView(valid_shape=[" +
         v +
         ", 64])], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n"
         "    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[" +
         v +
         ", 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)\n"
         "    y = pl.add(popped, popped)\n"
         "    return pl.store(y, [0, 0], out_0)\n";
}

// core-group.md 4: every valid extent 1..15 of a 16-row boundary, in both modes, checks equal.
TEST(SimCheck, ExtentSweepBothModes) {
  for (const char* mode : {"UP_DOWN", "LEFT_RIGHT"})
    for (int v = 1; v < 16; ++v) {
      ir::ProgramPtr p = dsl::Parse(Boundary(v, mode), "sweep.py");
      CheckResult r = CheckKernel(*p, "k", *Split(p), {});
      EXPECT_EQ(r.kind, CheckResult::Kind::Equal) << mode << " " << v << "\n" << r.report;
      EXPECT_EQ(r.compared, v * 64);
    }
}

// A runtime extent at most the half is placed correctly with the even code.
TEST(SimCheck, RuntimeExtentUpToHalf) {
  ir::ProgramPtr p = dsl::Parse(Boundary(0, "UP_DOWN", "n"), "rt.py");
  ir::ProgramPtr s = Split(p);
  for (int n : {1, 4, 8, 16}) {
    InputOptions o;
    o.scalars["n"] = n;
    CheckResult r = CheckKernel(*p, "k", *s, o);
    EXPECT_EQ(r.kind, CheckResult::Kind::Equal) << n << "\n" << r.report;
  }
}

const char* kSplitTemplate = R"(import pypto.language as pl
@pl.program
class Split:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": SLOTS})
    def k_aic(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        pl.tile.tpush_to_aiv(qk, split=CODE)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def k_aiv(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        sb: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=CODE)
        pl.tile.store(popped, [sb * 8, 0], out_0)
        pl.system.tfree_to_aic(popped, split=CODE)
        return

    @pl.function(type=pl.FunctionType.Group)
    def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        self.k_aic(qk, out_0)
        self.k_aiv(qk, out_0)
)";

std::string SplitProgram(int code, int slots) {
  std::string s = kSplitTemplate;
  for (auto [key, val] : {std::pair<std::string, int>{"CODE", code}, {"SLOTS", slots}})
    for (size_t at; (at = s.find(key)) != std::string::npos;)
      s.replace(at, key.size(), std::to_string(val));
  return s;
}

const char* kRef = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
)";

// core-group.md 2.1: code 1 starts lane 1 at its own extent (8, right); code 3 at 9 (wrong);
// code 0 gives lane 1 the whole tile, whose first rows are lane 0's band.
TEST(SimCheck, BandPlacementFollowsTheCode) {
  ir::ProgramPtr ref = dsl::Parse(kRef, "ref.py");
  EXPECT_EQ(CheckKernel(*ref, "k", *dsl::Parse(SplitProgram(1, 2), "s1.py"), {}).kind,
            CheckResult::Kind::Equal);
  for (int code : {0, 3}) {
    CheckResult r = CheckKernel(*ref, "k", *dsl::Parse(SplitProgram(code, 2), "s.py"), {});
    EXPECT_EQ(r.kind, CheckResult::Kind::Differ) << code;
    EXPECT_NE(r.report.find("out_0[8, 0]"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("stored by: AIV lane 1"), std::string::npos) << r.report;
  }
}

TEST(SimCheck, SlotNumIsReadFromTheAttrs) {
  ir::ProgramPtr s = dsl::Parse(SplitProgram(1, 3), "s.py");
  EXPECT_EQ(target::ResolveKernelGroup(*s, "k").slot_num, 3);
  EXPECT_TRUE(target::ResolveKernelGroup(*s, "k").dual_aiv);
}

// A pop nobody pushes: every core blocked; the report names each core's function and line.
TEST(SimCheck, DeadlockReportsEveryCore) {
  std::string text = SplitProgram(1, 2);
  text.replace(text.find("        pl.tile.tpush_to_aiv(qk, split=1)\n"),
               std::string("        pl.tile.tpush_to_aiv(qk, split=1)\n").size(), "");
  ir::ProgramPtr ref = dsl::Parse(kRef, "ref.py");
  CheckResult r = CheckKernel(*ref, "k", *dsl::Parse(text, "dead.py"), {});
  EXPECT_EQ(r.kind, CheckResult::Kind::Deadlock);
  EXPECT_NE(r.report.find("AIC: finished in 'k_aic'"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("AIV lane 0: blocked in 'k_aiv' at dead.py:11:9"), std::string::npos)
      << r.report;
  EXPECT_NE(r.report.find("AIV lane 1: blocked in 'k_aiv' at dead.py:11:9"), std::string::npos)
      << r.report;
  ASSERT_TRUE(r.finding.has_value());
  EXPECT_EQ(r.finding->rule(), "check.deadlock");
  EXPECT_EQ(r.finding->span().line, 11u);
  EXPECT_EQ(r.finding->notes().size(), 5u);  // the schedule, three cores, what to do
}

// Freeing a slot twice is a protocol fault, located at the second tfree.
TEST(SimCheck, DoubleFreeIsAFault) {
  std::string text = SplitProgram(1, 2);
  const std::string free_line = "        pl.system.tfree_to_aic(popped, split=1)\n";
  text.insert(text.find(free_line), free_line);
  ir::ProgramPtr ref = dsl::Parse(kRef, "ref.py");
  CheckResult r = CheckKernel(*ref, "k", *dsl::Parse(text, "twice.py"), {});
  EXPECT_EQ(r.kind, CheckResult::Kind::Fault);
  EXPECT_NE(r.report.find("twice or before popping"), std::string::npos) << r.report;
  // The fault is a located finding (the CLI's diagnostic), not text in the report.
  ASSERT_TRUE(r.finding.has_value());
  EXPECT_EQ(r.finding->rule(), "check.fault");
  EXPECT_EQ(ir::SourceManager::Name(r.finding->span().file), "twice.py");
  EXPECT_EQ(r.finding->span().line, 15u);
}

// ExpandMixedKernel: the tfree follows the popped tile's last use, and the Group calls its parts
// and returns the tensor the kernel returned.
TEST(SimExpand, TfreeAfterLastUseAndGroupCalls) {
  ir::ProgramPtr p = dsl::Parse(Boundary(16, "UP_DOWN"), "e.py");
  const std::string text = dsl::Print(Split(p));
  const size_t pop = text.find("tpop_from_aic(split=1)");
  const size_t add = text.find("pl.tile.add(popped, popped)");
  const size_t free = text.find("tfree_to_aic(popped, split=1)");
  ASSERT_NE(pop, std::string::npos) << text;
  EXPECT_LT(pop, add);
  EXPECT_LT(add, free);
  EXPECT_NE(text.find("        self.k_aic(n, qk, out_0)\n        self.k_aiv(n, qk, out_0)\n        "
                      "return out_0\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("\"aic\":"), std::string::npos) << text;
  EXPECT_NE(text.find("\"dual_aiv_dispatch\": True"), std::string::npos) << text;
}

// A scalar computed on the vector side cannot feed cube work: a located user error.
TEST(SimExpand, CrossCoreScalarIsRejected) {
  const char* text = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    x = pl.read(v, [0, 0])
    i = pl.cast(x, pl.INDEX)
    m = pl.load(t, [i, 0], [16, 16], target_memory=pl.Mem.Mat)
    ml = pl.tile.move(m, target_memory=pl.Mem.Left)
    mr = pl.tile.move(m, target_memory=pl.Mem.Right)
    p = pl.matmul(ml, mr)
    return pl.store(p, [0, 0], out_0)
)";
  try {
    Split(dsl::Parse(text, "xs.py"));
    FAIL() << "expected a UserError";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("'x' is computed on the other side"), std::string::npos)
        << e.message();
    EXPECT_EQ(e.span().line, 5u);  // where 'x' is defined
  }
}

}  // namespace
}  // namespace tilesplit::sim
