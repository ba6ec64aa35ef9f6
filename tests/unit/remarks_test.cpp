// The remark sink (include/tilesplit/pass/remarks.h) and the remarks of the split passes.
#include "tilesplit/pass/remarks.h"

#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

constexpr const char* kKernel = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
               out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    scratch = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vec_only(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out_0)
)";

std::vector<Pass> Split() {
  return {PassRegistry::Global().Find("lower-auto-vector-split")->factory()};
}

const Remark* Find(const std::vector<Remark>& rs, const std::string& value) {
  for (const Remark& r : rs)
    if (r.Arg("value") == value) return &r;
  return nullptr;
}

TEST(Remarks, NothingIsEmittedWithoutASink) {
  EXPECT_FALSE(RemarksEnabled());
  EmitRemark(RemarkKind::Passed, {}, "dropped");  // no sink: a no-op, not a crash
  RemarkCollector sink;
  {
    RemarkScope scope(&sink, "outer");
    EXPECT_TRUE(RemarksEnabled());
    {
      RemarkScope none(nullptr, "inner");
      EXPECT_FALSE(RemarksEnabled());
      EmitRemark(RemarkKind::Passed, {}, "dropped too");
    }
    EmitRemark(RemarkKind::Missed, {}, "kept");
  }
  EXPECT_FALSE(RemarksEnabled());
  ASSERT_EQ(sink.remarks().size(), 1u);
  EXPECT_EQ(sink.remarks()[0].message, "kept");
  EXPECT_EQ(sink.remarks()[0].pass, "outer");  // the outer scope's name is restored
}

TEST(Remarks, TheSplitPassSaysWhatItHalvedKeptAndSplit) {
  RemarkCollector sink;
  PipelineOptions options;
  options.remarks = &sink;
  RunPipeline(dsl::Parse(kKernel, "remarks_test.py"), Split(), options);
  const std::vector<Remark>& rs = sink.remarks();
  const Remark* popped = Find(rs, "popped");
  ASSERT_NE(popped, nullptr);
  EXPECT_EQ(popped->kind, RemarkKind::Passed);
  EXPECT_EQ(popped->pass, "lower-auto-vector-split");
  EXPECT_EQ(popped->function, "split_auto");
  EXPECT_EQ(popped->span.line, 6u);
  EXPECT_EQ(popped->Arg("axis"), "0");
  EXPECT_EQ(popped->Arg("half"), "64");
  EXPECT_EQ(popped->Arg("full_box"), "128");
  const Remark* scratch = Find(rs, "scratch");
  ASSERT_NE(scratch, nullptr);
  EXPECT_EQ(scratch->kind, RemarkKind::Analysis);
  EXPECT_EQ(scratch->Arg("why"), "shared work, replicated on every core");
  std::map<std::string, std::string> paths;
  for (const Remark& r : rs)
    if (!r.Arg("path").empty()) paths[r.function] = r.Arg("path");
  EXPECT_EQ(paths["split_auto"], "AUTO flat");  // the scratch tile sits inside the phase
  EXPECT_EQ(paths["vec_only"], "untouched");
  EXPECT_EQ(FormatRemark(*popped),
            "remarks_test.py:6:5: remark: 'popped' is lane-local: halved on axis 0, each lane "
            "holds a box of 64 of 128 [lower-auto-vector-split, passed]");
}

TEST(Remarks, CollectingThemDoesNotChangeTheProgram) {
  const ir::ProgramPtr input = dsl::Parse(kKernel, "remarks_test.py");
  RemarkCollector sink;
  PipelineOptions with;
  with.remarks = &sink;
  const ir::ProgramPtr a = RunPipeline(input, Split(), with);
  const ir::ProgramPtr b = RunPipeline(input, Split());
  EXPECT_TRUE(dsl::StructuralEqual(a, b));
  EXPECT_FALSE(sink.remarks().empty());
}

TEST(Remarks, TheExpansionSaysHowDeepTheRingsAre) {
  RemarkCollector sink;
  PipelineOptions options;
  options.remarks = &sink;
  const ir::ProgramPtr lowered = RunPipeline(dsl::Parse(kKernel, "remarks_test.py"), Split());
  RunPipeline(lowered, {PassRegistry::Global().Find("expand-mixed-kernel")->factory()}, options);
  bool found = false;
  for (const Remark& r : sink.remarks())
    if (r.Arg("function") == "split_auto") {
      found = true;
      EXPECT_EQ(r.Arg("slot_num"), "2");
      EXPECT_EQ(r.pass, "expand-mixed-kernel");
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace tilesplit::pass
