// Contracts of the LowerAutoVectorSplit pass that golden files cannot state: the input is never
// mutated, the output is deterministic, and the partition choice (ResolveLaneStride).
#include <gtest/gtest.h>

#include "tilesplit/analysis/structural_equal.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/transforms/pass.h"
#include "tilesplit/transforms/split_axis.h"

namespace tilesplit {
namespace {

constexpr const char* kKernel = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[VALID, 128])],
      a: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(popped)
    EXTRA
    return pl.store(e, [0, 0], out_0)
)";

std::string Kernel(int valid, const std::string& extra = "x = pl.neg(e)") {
  std::string s = kKernel;
  s.replace(s.find("VALID"), 5, std::to_string(valid));
  s.replace(s.find("EXTRA"), 5, extra);
  return s;
}

TEST(LowerAutoVectorSplit, NeverMutatesItsInputAndIsDeterministic) {
  ir::ProgramPtr in = dsl::Parse(Kernel(13), "k.py");
  const std::string before = dsl::Print(in);
  pass::Pass p = pass::LowerAutoVectorSplit();
  ir::ProgramPtr out1 = p(in);
  ir::ProgramPtr out2 = p(in);
  EXPECT_EQ(dsl::Print(in), before);
  EXPECT_NE(dsl::Print(out1), before);
  EXPECT_EQ(dsl::Print(out1), dsl::Print(out2));
  EXPECT_TRUE(analysis::StructuralEqual(out1, out2));
  // The lowered function shares no node with the input (DeepClone).
  EXPECT_NE(out1->functions[0]->body, in->functions[0]->body);
}

TEST(LowerAutoVectorSplit, IsRegisteredByNameWithItsProperties) {
  const pass::PassInfo* info = pass::PassRegistry::Global().Find("lower-auto-vector-split");
  ASSERT_NE(info, nullptr);
  pass::Pass p = info->factory();
  EXPECT_EQ(p.name(), "lower-auto-vector-split");
  auto has = [](const std::vector<pass::Property>& v, const char* s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  EXPECT_TRUE(has(p.required(), "AivSplitValid"));
  EXPECT_TRUE(has(p.produced(), "AivSplitLoweredValid"));
  EXPECT_TRUE(has(p.invalidated(), "AivSplitValid"));
}

std::optional<int64_t> Stride(const std::string& text) {
  ir::ProgramPtr p = dsl::Parse(text, "k.py");
  return split_axis::ResolveLaneStride(p->functions[0]->body, 0);
}

TEST(ResolveLaneStride, BalancesOneRaggedCrossing) {
  EXPECT_EQ(Stride(Kernel(13)), 7);  // box halves 8/5 are unplaceable; 7/6 are
  EXPECT_EQ(Stride(Kernel(9)), 5);
}

TEST(ResolveLaneStride, KeepsTheBoxPartitionWhenItAlreadyBalances) {
  EXPECT_EQ(Stride(Kernel(16)), std::nullopt);
  EXPECT_EQ(Stride(Kernel(15)), std::nullopt);  // ceil(15/2) == ceil(16/2)
}

TEST(ResolveLaneStride, KeepsTheBoxPartitionForAnIndependentOrigin) {
  EXPECT_EQ(Stride(Kernel(13, "x = pl.load(a, [0, 0], [16, 128], target_memory=pl.Mem.Vec)")),
            std::nullopt);
  EXPECT_EQ(Stride(Kernel(13, "x = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)")),
            std::nullopt);
}

TEST(ResolveLaneStride, KeepsTheBoxPartitionWithAGatherBack) {
  EXPECT_EQ(Stride(Kernel(13, "g = pl.tile.move(e, target_memory=pl.Mem.Mat)")), std::nullopt);
}

TEST(SplitAxis, LaneValidExtentFoldsWhenTheLanesAgree) {
  split_axis::SplitContext ctx;
  ctx.lane = ir::MakeVar("lane", ir::MakeScalarType(ir::DataType::INDEX));
  EXPECT_TRUE(ir::IsConstInt(
      split_axis::LaneValidExtent(ctx, ir::Index(16), ir::Index(8), ir::Index(8)), 8));
  EXPECT_TRUE(ir::IsConstInt(
      split_axis::LaneValidExtent(ctx, ir::Index(14), ir::Index(8), ir::Index(7)), 7));
  ir::ExprPtr e = split_axis::LaneValidExtent(ctx, ir::Index(13), ir::Index(8), ir::Index(7));
  EXPECT_FALSE(ir::AsConstInt(e));
  EXPECT_EQ(split_axis::SplitDimension(ir::SplitMode::UpDown), 0);
  EXPECT_EQ(split_axis::SplitDimension(ir::SplitMode::LeftRight), 1);
  EXPECT_TRUE(ir::IsConstInt(split_axis::ComputeHalfDimSize(ir::Index(17)), 9));
}

}  // namespace
}  // namespace tilesplit
