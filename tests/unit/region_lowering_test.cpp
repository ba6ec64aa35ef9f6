// Region synthesis, placement and shared body admission (the parts of the region path that the
// golden cases cannot reach through the CLI alone).
#include <gtest/gtest.h>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"
#include "transforms/vector_split/admission.h"
#include "transforms/vector_split/regions.h"

namespace tilesplit::vector_split {
namespace {

ir::FunctionPtr ParseOne(const std::string& text) {
  return dsl::Parse(text, "region_test.py")->functions.front();
}

const ir::SplitAivStmt* FindRegion(const ir::StmtPtr& s) {
  for (const ir::StmtPtr& c : ir::FlattenStmts(s))
    if (const ir::SplitAivStmt* r = c->As<ir::SplitAivStmt>()) return r;
  return nullptr;
}

// The AUTO path's lowering of a one-function program (the form it decides on).
ir::FunctionPtr LowerAuto(const std::string& text) {
  return pass::LowerAutoVectorSplit()(dsl::Parse(text, "region_test.py"))->functions.front();
}

// An AUTO kernel with one straight-line vector phase and a plain return.
constexpr const char* kOnePhase = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    o = pl.store(y, [0, 0], out_0)
    return o
)";

TEST(RegionSynthesisTest, WrapsOneVectorPhaseAndMovesTheLaneBindingIn) {
  ir::FunctionPtr g = LowerAuto(kOnePhase);
  std::vector<ir::StmtPtr> body = ir::FlattenStmts(g->body);
  ASSERT_EQ(body.size(), 2u);  // the region and the return
  const ir::SplitAivStmt* r = body[0]->As<ir::SplitAivStmt>();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->mode, ir::SplitMode::UpDown);
  // The lane binding the walk made is the region's.
  ASSERT_NE(ir::LaneVar(*r), nullptr);
  EXPECT_EQ(ir::LaneVar(*r)->name, "subblock_idx");
  // The form is valid by construction: the plan no longer verifies its own output.
  EXPECT_NO_THROW(VerifyAivSplitLoweredValid(
      std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{g}, g->span)));
}

TEST(RegionSynthesisTest, AStoreALaneMayHoldNoRowsOfIsGuardedInTheRegion) {
  // 8 valid rows of 16: lane 1 holds none (the full-box load keeps the box partition). The region
  // repair guards such a store when the printed region is read back, so the plan guards it when
  // it builds the region.
  ir::FunctionPtr g = LowerAuto(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[8, 128])], t: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    w = pl.load(t, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    s = pl.add(popped, w)
    o = pl.store(s, [0, 0], out_0)
    return o
)");
  const ir::SplitAivStmt* r = FindRegion(g->body);
  ASSERT_NE(r, nullptr);
  std::vector<ir::StmtPtr> body = ir::FlattenStmts(r->body);
  ASSERT_EQ(body.size(), 5u);  // the lane binding, the shard, the load, the add, the guarded store
  const ir::IfStmt* guard = body[4]->As<ir::IfStmt>();
  ASSERT_NE(guard, nullptr);
  // The merge keeps the store's variable: the return after the region reads it unchanged.
  ASSERT_EQ(guard->return_vars.size(), 1u);
  const ir::ReturnStmt* ret = ir::FlattenStmts(g->body).back()->As<ir::ReturnStmt>();
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ret->values.at(0).get(), guard->return_vars[0].get());
  // The region form reads back as itself: the region repair finds nothing left to guard.
  ir::VarMap renamed;
  ir::StmtPtr again = LocalizeExplicitBoundaryValid(*r, renamed);
  const ir::StmtPtr region = ir::FlattenStmts(g->body)[0];
  ASSERT_EQ(region.get(), r);
  const dsl::EqualResult same = dsl::StructuralEqual(again, region);
  EXPECT_TRUE(same.equal) << same.Describe();
}

TEST(RegionSynthesisTest, ReturnedStoreKeepsTheFlatForm) {
  // The spec's first example: the source returns the store, vector work outside any region.
  EXPECT_EQ(FindRegion(LowerAuto(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)
)")
                           ->body),
            nullptr);
}

TEST(RegionSynthesisTest, RebalancedBoundaryKeepsTheFlatForm) {
  // 13 valid rows of 16: the balanced partition (lane_stride=7), decided on the source.
  EXPECT_EQ(FindRegion(LowerAuto(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    o = pl.store(popped, [0, 0], out_0)
    return o
)")
                           ->body),
            nullptr);
}

TEST(RegionSynthesisTest, InterleavedPhasesKeepTheFlatForm) {
  EXPECT_EQ(FindRegion(LowerAuto(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    r = pl.tile.move(g, target_memory=pl.Mem.Right)
    c = pl.matmul(l, r)
    p2 = pl.tile.move(c, target_memory=pl.Mem.Vec)
    o = pl.store(p2, [0, 0], out_0)
    return o
)")
                           ->body),
            nullptr);
}

TEST(RegionPlacementTest, NotifyIsPinnedWaitAndStatedLanesAreNot) {
  ir::FunctionPtr f = ParseOne(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(sig: pl.Tensor[[8], pl.INT32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    pld.system.notify(sig, 1, [0], 1, op=0)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        pld.system.wait(sig, [0], 1, cmp=0)
        t = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pld.system.notify(sig, 1, [0], 1, op=0)
        o = pl.store(t, [0, 0], out_0)
    return o
)");
  analysis::PlacedCalls placed = RegionPlacedCalls(*f);
  ASSERT_EQ(placed.size(), 1u);
  const ir::Call* c = *placed.begin();
  EXPECT_EQ(c->op_name(), "pld.system.notify");
  EXPECT_EQ(analysis::ClassifyCallAffinity(*c, &placed), analysis::CoreAffinity::VECTOR);
  // The notify outside the region is not placed (duplicated onto both sides, not diagnosed).
  const ir::Call* outside = analysis::TopLevelCall(*ir::FlattenStmts(f->body)[0]);
  EXPECT_EQ(placed.count(outside), 0u);
}

TEST(AnalyzeSplitBodyTest, NeutralInitialValueStaysNeutralAtTheExit) {
  ir::FunctionPtr f = ParseOne(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        z = pl.full([64, 128], dtype=pl.FP32, value=0.0)
        for i, (c,) in pl.range(2, init_values=(z,)):
            c2 = pl.add(c, h)
            r = pl.yield_(c2)
        w = pl.exp(r)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
)");
  const ir::SplitAivStmt* region = FindRegion(f->body);
  ASSERT_NE(region, nullptr);
  vector_split::AdmissionInput in;
  in.mode = region->mode;
  in.lane = ir::LaneVar(*region).get();
  vector_split::AdmissionReport rep =
      vector_split::AnalyzeSplitBody(ir::FlattenStmts(region->body), in);
  // The carry may become lane-local in the body, but a zero-trip exit yields the generator:
  // the exit stays neutral and its consumer is full width.
  ASSERT_EQ(rep.full_width_vec_ops.size(), 1u);
  EXPECT_EQ(rep.full_width_vec_ops[0].op_name, "tile.exp");
  EXPECT_TRUE(rep.carry_mismatches.empty());
  EXPECT_THROW(
      vector_split::ReportAdmission(rep, vector_split::BodyOrigin::Explicit, "region", "aiv_id"),
      ir::UserError);
  EXPECT_THROW(vector_split::ReportAdmission(rep, vector_split::BodyOrigin::Automatic, "body",
                                             "subblock_idx"),
               ir::InternalError);
}

TEST(AnalyzeSplitBodyTest, MergeIntersectsShardFacts) {
  ir::FunctionPtr f = ParseOne(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], n: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        if n > 0:
            m = pl.yield_(h)
        else:
            z = pl.full([64, 128], dtype=pl.FP32, value=0.0)
            m = pl.yield_(z)
        w = pl.exp(m)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
)");
  const ir::SplitAivStmt* region = FindRegion(f->body);
  ASSERT_NE(region, nullptr);
  vector_split::AdmissionInput in;
  in.mode = region->mode;
  in.lane = ir::LaneVar(*region).get();
  vector_split::AdmissionReport rep =
      vector_split::AnalyzeSplitBody(ir::FlattenStmts(region->body), in);
  ASSERT_EQ(rep.full_width_vec_ops.size(), 1u);
  EXPECT_EQ(rep.full_width_vec_ops[0].result, "w");
}

// Fed one statement at a time, the admission reaches the whole-body verdict: facts carry over
// from piece to piece, and so do the findings. A tile with a per-lane box (what the AUTO halving
// records in the facts it shares with the admission) vouches for its consumers.
TEST(AnalyzeSplitBodyTest, PieceByPieceEqualsTheWholeBody) {
  ir::FunctionPtr f = ParseOne(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        x = pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
        y = pl.add(x, h)
        w = pl.exp(x)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o
)");
  const ir::SplitAivStmt* region = FindRegion(f->body);
  ASSERT_NE(region, nullptr);
  const std::vector<ir::StmtPtr> body = ir::FlattenStmts(region->body);
  const ir::Var* x = nullptr;
  for (const ir::StmtPtr& s : body)
    if (const ir::AssignStmt* a = s->As<ir::AssignStmt>(); a && a->var->name == "x")
      x = a->var.get();
  ASSERT_NE(x, nullptr);
  for (bool seed_x : {false, true}) {
    vector_split::AdmissionInput in;
    in.mode = region->mode;
    in.lane = ir::LaneVar(*region).get();
    const vector_split::LaneBox half{0, ir::Index(32), ir::Index(64), ir::Index(64)};
    vector_split::LaneFacts whole_facts(in), piece_facts(in);
    if (seed_x) {
      whole_facts.SetBox(x, half);
      piece_facts.SetBox(x, half);
    }
    whole_facts.Walk(body);
    for (const ir::StmtPtr& s : body) piece_facts.Walk({s});
    const vector_split::AdmissionReport whole = vector_split::AdmissionOf(whole_facts);
    const vector_split::AdmissionReport pieces = vector_split::AdmissionOf(piece_facts);
    std::vector<std::string> a, b;
    for (const vector_split::FullWidthOp& op : whole.full_width_vec_ops) a.push_back(op.result);
    for (const vector_split::FullWidthOp& op : pieces.full_width_vec_ops) b.push_back(op.result);
    EXPECT_EQ(a, b);
    // The full-width load is reported either way; seeded, it vouches for its consumer w.
    const std::vector<std::string> expected =
        seed_x ? std::vector<std::string>{"x"} : std::vector<std::string>{"x", "w"};
    EXPECT_EQ(a, expected);
  }
}

TEST(AivSplitValidTest, RegisteredAsTheVerifierOfBothProperties) {
  EXPECT_NE(pass::PassRegistry::Global().FindVerifier(pass::Property::AivSplitValid), nullptr);
  EXPECT_NE(pass::PassRegistry::Global().FindVerifier(pass::Property::AivSplitLoweredValid),
            nullptr);
}

TEST(AivSplitValidTest, LoweredAcceptsMatShardOfTheFlatForm) {
  ir::FunctionPtr f = ParseOne(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    subblock_idx = pl.tile.get_subblock_idx()
    popped = pl.tile.aiv_shard(qk, split=1)
    return pl.store(popped, [0 + subblock_idx * 64, 0], out_0)
)");
  auto p = std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{f}, f->span);
  EXPECT_NO_THROW(VerifyAivSplitLoweredValid(p));
  // The function is already in the lowered flat form, so the source property holds it to the
  // lowered rules too: the pass's output read back verifies (check --against, opt, explain).
  EXPECT_NO_THROW(VerifyAivSplitValid(p));
}

TEST(AivSplitValidTest, OutlinedRegionFormStillNeedsAnAccShard) {
  // split_aiv with a region and no function-level split mode is the outliner's source form:
  // check (d) keeps its authoring rule there (Acc in), and only the lowered property relaxes it.
  ir::FunctionPtr f = ParseOne(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        popped = pl.tile.aiv_shard(qk, split=1)
        o = pl.store(popped, [0 + aiv_id * 64, 0], out_0)
    return o
)");
  auto p = std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{f}, f->span);
  EXPECT_THROW(VerifyAivSplitValid(p), ir::UserError);
  EXPECT_NO_THROW(VerifyAivSplitLoweredValid(p));
}

}  // namespace
}  // namespace tilesplit::vector_split
