// Spec claims about LowerAutoVectorSplit that are internal (no CLI-visible output of their own):
// the partition choice's preconditions, region placement rows and pass properties. Each test
// names the claim it pins; docs/spec-coverage.md maps the spec to these and the golden cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"
#include "transforms/vector_split/halving.h"
#include "transforms/vector_split/regions.h"

namespace tilesplit {
namespace {

ir::ProgramPtr Parse(const std::string& text) {
  return dsl::Parse(text, "spec_test.py");
}

std::optional<int64_t> Stride(const std::string& text) {
  return vector_split::ResolveLaneStride(Parse(text)->functions[0]->body, 0);
}

// Two crossings whose (box, valid) pairs are VALID_A and VALID_B rows of a 16-row box.
std::string TwoCrossings(int valid_a, int valid_b) {
  return R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qa: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[)" +
         std::to_string(valid_a) + R"(, 128])],
      qb: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[)" +
         std::to_string(valid_b) + R"(, 128])],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    a = pl.tile.move(qa, target_memory=pl.Mem.Vec)
    b = pl.tile.move(qb, target_memory=pl.Mem.Vec)
    s = pl.add(a, b)
    return pl.store(s, [0, 0], out_0)
)";
}

// Spec, "Balancing a ragged boundary": the balanced stride needs at least one C->V boundary, and
// all boundaries must agree on the same static (box, valid).
TEST(SpecLaneStride, BalancesOnlyAgreeingCrossings) {
  EXPECT_EQ(Stride(TwoCrossings(13, 13)), 7);
  EXPECT_EQ(Stride(TwoCrossings(13, 11)), std::nullopt);
}

TEST(SpecLaneStride, NoCrossingKeepsTheBoxPartition) {
  EXPECT_EQ(Stride(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 128], [13, 128], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out_0)
)"),
            std::nullopt);
}

// Spec, "Region placement consumed by ExpandMixedKernel": VECTOR work is already AIV and a MIXED
// boundary keeps both endpoints, so neither is placed by the region; only a no-duplicate SHARED
// call is.
TEST(SpecRegionPlacement, VectorAndBoundaryOpsAreNotPlaced) {
  ir::ProgramPtr p = Parse(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        g = pl.aic_gather(y)
    return pl.store(acc, [0, 0], out_0)
)");
  const ir::Function& f = *p->functions[0];
  analysis::PlacedCalls placed = vector_split::RegionPlacedCalls(f);
  EXPECT_TRUE(placed.empty());
  const ir::SplitAivStmt* region = ir::FlattenStmts(f.body)[0]->As<ir::SplitAivStmt>();
  ASSERT_NE(region, nullptr);
  std::map<std::string, analysis::CoreAffinity> by_op;
  for (const ir::StmtPtr& s : ir::FlattenStmts(region->body))
    if (const ir::Call* c = analysis::TopLevelCall(*s))
      by_op[c->op_name()] = analysis::ClassifyCallAffinity(*c, &placed);
  ASSERT_EQ(by_op.count("tile.aiv_shard"), 1u);
  EXPECT_EQ(by_op["tile.aiv_shard"], analysis::CoreAffinity::MIXED);
  EXPECT_EQ(by_op["tile.exp"], analysis::CoreAffinity::VECTOR);
  EXPECT_EQ(by_op["tile.aic_gather"], analysis::CoreAffinity::MIXED);
}

// Spec: placement "applies equally to synthesized AUTO regions": the notify the synthesized
// region takes in (a trailing SHARED call) is pinned to AIV.
TEST(SpecRegionPlacement, SynthesizedAutoRegionPinsNotify) {
  ir::ProgramPtr in = Parse(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], sig: pl.Tensor[[8], pl.INT32],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    o = pl.store(y, [0, 0], out_0)
    pld.system.notify(sig, 1, [0], 1, op=0)
    return o
)");
  ir::ProgramPtr out = pass::LowerAutoVectorSplit()(in);
  const ir::Function& f = *out->functions[0];
  analysis::PlacedCalls placed = vector_split::RegionPlacedCalls(f);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ((*placed.begin())->op_name(), "pld.system.notify");
  EXPECT_EQ(analysis::ClassifyCallAffinity(**placed.begin(), &placed),
            analysis::CoreAffinity::VECTOR);
}

bool Has(const std::vector<pass::Property>& v, const char* s) {
  return std::any_of(v.begin(), v.end(),
                     [s](pass::Property p) { return pass::PropertyName(p) == s; });
}

// Spec, "Pass Properties" (the subset this project models: SplitIncoreOrch and
// NormalizedStmtStructure have no counterpart here) and "ExpandMixedKernel requires and then
// invalidates that property".
TEST(SpecPassProperties, RequiredProducedInvalidated) {
  pass::Pass p = pass::LowerAutoVectorSplit();
  for (const char* prop : {"SSAForm", "IncoreTileOps", "TileOps2D", "TileMemoryInferred"}) {
    EXPECT_TRUE(Has(p.required(), prop)) << prop;
    EXPECT_TRUE(Has(p.produced(), prop)) << prop;
  }
  EXPECT_TRUE(Has(p.required(), "AivSplitValid"));
  EXPECT_FALSE(Has(p.produced(), "AivSplitValid"));
  EXPECT_TRUE(Has(p.produced(), "AivSplitLoweredValid"));
  EXPECT_TRUE(Has(p.invalidated(), "AivSplitValid"));
  const pass::PassInfo* expand = pass::PassRegistry::Global().Find("expand-mixed-kernel");
  ASSERT_NE(expand, nullptr);
  EXPECT_TRUE(Has(expand->factory().required(), "AivSplitLoweredValid"));
  EXPECT_TRUE(Has(expand->factory().invalidated(), "AivSplitLoweredValid"));
}

}  // namespace
}  // namespace tilesplit
