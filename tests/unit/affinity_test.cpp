// Core affinity (ops.md 4): the combination table, memory classification, move direction, the
// first-match call rules with the placement override, and the statement roll-up.
#include "tilesplit/analysis/affinity.h"

#include "ops_test_util.h"
#include "tilesplit/dsl/parser.h"

namespace tilesplit::analysis {
namespace {

using ir::DataType;
using ir::ExprPtr;
using ir::MemorySpace;
using ops::CoreAffinity;
using ops::testing::I;
using ops::testing::Tensor;
using ops::testing::Tile;
using ops::testing::Tup;

constexpr CoreAffinity C = CoreAffinity::CUBE;
constexpr CoreAffinity V = CoreAffinity::VECTOR;
constexpr CoreAffinity S = CoreAffinity::SHARED;
constexpr CoreAffinity M = CoreAffinity::MIXED;

const ir::Call& AsCall(const ExprPtr& e) {
  const ir::Call* c = e->As<ir::Call>();
  if (!c) throw std::runtime_error("not a call");
  return *c;
}

ExprPtr Make(std::string_view op, std::vector<ExprPtr> args, ir::AttrMap kwargs = {}) {
  return ops::Create(op, std::move(args), std::move(kwargs));
}

CoreAffinity Classify(const ExprPtr& call) {
  return ClassifyIntrinsicCallAffinity(AsCall(call));
}

ExprPtr VecTile() {
  return Tile({16, 16}, DataType::FP32, MemorySpace::Vec);
}
ExprPtr TileIn(std::optional<MemorySpace> m) {
  return Tile({16, 16}, DataType::FP32, m);
}

// ---- 4.1
TEST(Affinity, CombineFullTable) {
  const CoreAffinity all[] = {C, V, S, M};
  const CoreAffinity table[4][4] = {
      {C, M, C, M},
      {M, V, V, M},
      {C, V, S, M},
      {M, M, M, M},
  };
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b)
      EXPECT_EQ(CombineAffinity(all[a], all[b]), table[a][b])
          << ops::CoreAffinityName(all[a]) << " + " << ops::CoreAffinityName(all[b]);
}

// ---- 4.2
TEST(Affinity, CubeMemorySpaces) {
  const std::pair<MemorySpace, bool> rows[] = {
      {MemorySpace::DDR, false},      {MemorySpace::Vec, false},
      {MemorySpace::Mat, true},       {MemorySpace::Left, true},
      {MemorySpace::Right, true},     {MemorySpace::Acc, true},
      {MemorySpace::Bias, true},      {MemorySpace::ScalarLocal, true},
      {MemorySpace::LeftScale, true}, {MemorySpace::RightScale, true},
  };
  for (const auto& [m, cube] : rows) EXPECT_EQ(ir::IsCubeMemorySpace(m), cube) << int(m);
}

TEST(Affinity, FirstTileArgSkipsNonVariables) {
  // tile.store(tile, offsets, tensor): the offsets tuple and the tensor are skipped.
  auto store = Make("tile.store",
                    {TileIn(MemorySpace::Acc), Tup({0, 0}), Tensor(ops::testing::Dims({16, 16}))});
  EXPECT_EQ(GetFirstTileArgMemory(AsCall(store)), std::optional(std::optional(MemorySpace::Acc)));
  // A tensor-only call has no tile argument at all.
  auto read = Make("tensor.read", {Tensor(ops::testing::Dims({16, 16})), Tup({0, 0})});
  EXPECT_FALSE(GetFirstTileArgMemory(AsCall(read)).has_value());
  // A nested call is not a variable, so it does not decide even though it is tile-typed.
  auto inner = Make("tile.exp", {VecTile()});
  auto nested = ir::MakeCall(ops::FindOp("tile.reshape"), {inner, Tup({256})}, {}, inner->type);
  EXPECT_FALSE(GetFirstTileArgMemory(AsCall(nested)).has_value());
}

TEST(Affinity, FirstTileArgStopsAtUnresolvedSpace) {
  // The first tile variable decides even when its space is unresolved; the Vec rhs is not asked.
  auto add =
      ir::MakeCall(ops::FindOp("tile.add"), {TileIn(std::nullopt), VecTile()}, {}, VecTile()->type);
  auto first = GetFirstTileArgMemory(AsCall(add));
  ASSERT_TRUE(first.has_value());
  EXPECT_FALSE(first->has_value());
}

TEST(Affinity, FirstTileArgCountsInlineProjection) {
  auto pair = Make("tile.gather_compare", {Tile({16, 64}), ir::MakeConstFloat(0.5), VecTile()},
                   {{"cmp_mode", int64_t{0}}, {"out_cols", int64_t{16}}});
  auto proj = ir::MakeTupleGetItem(pair, 0);
  auto reshaped = Make("tile.reshape", {proj, Tup({256})});
  EXPECT_EQ(GetFirstTileArgMemory(AsCall(reshaped)),
            std::optional(std::optional(MemorySpace::Vec)));
  EXPECT_EQ(Classify(reshaped), V);  // the older code saw no variable here and said SHARED
  // A projection through a variable counts the same way.
  auto var = ir::MakeVar("pair", pair->type);
  auto bound = Make("tile.reshape", {ir::MakeTupleGetItem(var, 1), Tup({16})});
  EXPECT_EQ(Classify(bound), V);
}

// ---- 4.3
TEST(Affinity, MoveDirection) {
  auto move = [](std::optional<MemorySpace> src, MemorySpace tgt) {
    return ClassifyMoveDirection(
        AsCall(Make("tile.move", {TileIn(src)}, {{"target_memory", tgt}})));
  };
  EXPECT_EQ(move(MemorySpace::Acc, MemorySpace::Vec), MoveDirection::CUBE_TO_VECTOR);
  EXPECT_EQ(move(MemorySpace::Mat, MemorySpace::Vec), MoveDirection::CUBE_TO_VECTOR);
  EXPECT_EQ(move(MemorySpace::Vec, MemorySpace::Mat), MoveDirection::VECTOR_TO_CUBE);
  EXPECT_EQ(move(MemorySpace::Vec, MemorySpace::Left), MoveDirection::VECTOR_TO_CUBE);
  EXPECT_EQ(move(MemorySpace::Vec, MemorySpace::Right), MoveDirection::VECTOR_TO_CUBE);
  EXPECT_EQ(move(MemorySpace::Mat, MemorySpace::Left), MoveDirection::NONE);
  EXPECT_EQ(move(MemorySpace::Acc, MemorySpace::Mat), MoveDirection::NONE);
  EXPECT_EQ(move(MemorySpace::Vec, MemorySpace::Vec), MoveDirection::NONE);
  EXPECT_EQ(move(std::nullopt, MemorySpace::Mat), MoveDirection::NONE);  // unresolved source
}

TEST(Affinity, MoveDirectionOnlyForMove) {
  auto extract = Make("tile.extract", {VecTile(), I(0), I(0), Tup({8, 8})},
                      {{"target_memory", MemorySpace::Left}});
  EXPECT_EQ(ClassifyMoveDirection(AsCall(extract)), MoveDirection::NONE);
}

TEST(Affinity, MoveWithoutTargetIsInternalError) {
  // A pass could build one with an explicit type; the deducer never would.
  auto bare = ops::CreateWithType(*ops::FindOp("tile.move"), {VecTile()}, {}, VecTile()->type);
  EXPECT_THROW(ClassifyMoveDirection(AsCall(bare)), ir::InternalError);
}

// ---- 4.4, rule by rule.
TEST(Affinity, Rule0UnregisteredOpIsShared) {
  static const ir::OpBase foreign("tile.foreign");
  auto call = ir::MakeCall(&foreign, {TileIn(MemorySpace::Acc)}, {}, VecTile()->type);
  EXPECT_EQ(Classify(call), S);
  PlacedCalls placed{&AsCall(call)};
  EXPECT_EQ(ClassifyCallAffinity(AsCall(call), &placed), V);  // not lane-stated, so placed
}

TEST(Affinity, Rule1DeclaredAffinityWins) {
  // tile.create into Acc would be CUBE by rule 3; its declaration says SHARED.
  auto acc = Make("tile.create", {Tup({16, 16})},
                  {{"dtype", DataType::FP32}, {"target_memory", MemorySpace::Acc}});
  EXPECT_EQ(Classify(acc), S);
  EXPECT_EQ(Classify(Make("tile.get_subblock_idx", {})), V);
  EXPECT_EQ(
      Classify(Make("tile.tpush_to_aiv", {TileIn(MemorySpace::Acc)}, {{"split", int64_t{1}}})), C);
  EXPECT_EQ(Classify(Make("tile.tpush_to_aic", {VecTile()}, {{"split", int64_t{1}}})), V);
  auto pop = [](const char* op, MemorySpace m) {
    return ops::CreateWithType(*ops::FindOp(op), {}, {{"split", int64_t{0}}}, TileIn(m)->type);
  };
  // A declared side beats the popped tile's space (which rule 4 would not even see: no args).
  EXPECT_EQ(Classify(pop("tile.tpop_from_aic", MemorySpace::Vec)), V);
  EXPECT_EQ(Classify(pop("tile.tpop_from_aiv", MemorySpace::Mat)), C);
  EXPECT_EQ(Classify(Make("system.tfree_to_aic", {VecTile()}, {{"split", int64_t{0}}})), V);
  EXPECT_EQ(
      Classify(Make("system.tfree_to_aiv", {TileIn(MemorySpace::Mat)}, {{"split", int64_t{0}}})),
      C);
  EXPECT_TRUE(IsLaneStated(*ops::FindOp("tile.create")));
  EXPECT_FALSE(IsLaneStated(*ops::FindOp("tile.exp")));
}

TEST(Affinity, Rule2Move) {
  auto move = [](std::optional<MemorySpace> src, MemorySpace tgt) {
    return Classify(Make("tile.move", {TileIn(src)}, {{"target_memory", tgt}}));
  };
  EXPECT_EQ(move(MemorySpace::Acc, MemorySpace::Vec), M);
  EXPECT_EQ(move(MemorySpace::Vec, MemorySpace::Mat), M);
  // No direction: the source side decides, not the target (rule 3 would say CUBE for Left).
  EXPECT_EQ(move(MemorySpace::Mat, MemorySpace::Left), C);
  EXPECT_EQ(move(MemorySpace::Vec, MemorySpace::Vec), V);
  EXPECT_EQ(move(std::nullopt, MemorySpace::Mat), V);  // unresolved source
}

TEST(Affinity, Rule2cBoundaryOpsAreMixed) {
  // Their Fixed output spaces (Vec / Mat) would otherwise decide by rule 3.
  EXPECT_EQ(Classify(Make("tile.aiv_shard", {TileIn(MemorySpace::Acc)}, {{"split", int64_t{1}}})),
            M);
  EXPECT_EQ(Classify(Make("tile.aic_gather", {VecTile()}, {{"split", int64_t{1}}})), M);
  EXPECT_EQ(Classify(Make("tile.aiv_shard", {TileIn(MemorySpace::Acc)}, {{"split", int64_t{0}}})),
            M);
}

TEST(Affinity, Rule3DeclaredOutputSpace) {
  auto tensor = Tensor(ops::testing::Dims({64, 64}));
  auto load = [&](std::optional<MemorySpace> m) {
    ir::AttrMap kw;
    if (m) kw.emplace_back("target_memory", *m);
    return Classify(Make("tile.load", {tensor, Tup({0, 0}), Tup({16, 16})}, kw));
  };
  EXPECT_EQ(load(MemorySpace::Vec), V);
  EXPECT_EQ(load(MemorySpace::Mat), C);
  EXPECT_EQ(load(MemorySpace::Left), C);
  EXPECT_EQ(Classify(Make("tile.extract", {VecTile(), I(0), I(0), Tup({8, 8})})), V);  // default
  EXPECT_EQ(Classify(Make("tile.extract", {VecTile(), I(0), I(0), Tup({8, 8})},
                          {{"target_memory", MemorySpace::Right}})),
            C);
  auto left = Tile({16, 16}, DataType::FP16, MemorySpace::Left);
  auto right = Tile({16, 16}, DataType::FP16, MemorySpace::Right);
  EXPECT_EQ(Classify(Make("tile.matmul", {left, right})), C);
  EXPECT_EQ(Classify(Make("tile.full", {Tup({16, 16}), I(0)}, {{"dtype", DataType::FP32}})), V);
  // The op's declaration decides, not the call's result type nor its operands' spaces.
  auto odd = ops::CreateWithType(*ops::FindOp("tile.exp"), {TileIn(MemorySpace::Acc)}, {},
                                 TileIn(MemorySpace::Acc)->type);
  EXPECT_EQ(Classify(odd), V);
}

TEST(Affinity, Rule4FirstTileVariable) {
  auto slice = [](std::optional<MemorySpace> m) {
    return Classify(Make("tile.slice", {TileIn(m), Tup({8, 16}), Tup({0, 0})}));
  };
  EXPECT_EQ(slice(MemorySpace::Vec), V);
  EXPECT_EQ(slice(MemorySpace::Mat), C);
  EXPECT_EQ(slice(std::nullopt), S);  // unresolved: rule 5
  auto tensor = Tensor(ops::testing::Dims({16, 16}));
  EXPECT_EQ(Classify(Make("tile.store", {TileIn(MemorySpace::Acc), Tup({0, 0}), tensor})), C);
  EXPECT_EQ(Classify(Make("tile.store", {VecTile(), Tup({0, 0}), tensor})), V);
  EXPECT_EQ(Classify(Make("tile.read", {VecTile(), Tup({0, 0})})), V);
  auto gather_row = [&](MemorySpace m) {
    return Classify(
        Make("tile.gather_row", {TileIn(m), tensor, Tup({0, 0}), Tup({0, 0}), Tup({16, 16})}));
  };
  EXPECT_EQ(gather_row(MemorySpace::Vec), V);
  EXPECT_EQ(gather_row(MemorySpace::Mat), C);
  EXPECT_EQ(Classify(Make("tile.transpose_view", {TileIn(MemorySpace::Left)})), C);
}

TEST(Affinity, Rule5Shared) {
  auto tensor = Tensor(ops::testing::Dims({16, 16}));
  EXPECT_EQ(Classify(Make("tile.load", {tensor, Tup({0, 0}), Tup({16, 16})})), S);
  EXPECT_EQ(Classify(Make("tensor.read", {tensor, Tup({0, 0})})), S);
  auto idx = ops::testing::Scalar(DataType::INDEX);
  EXPECT_EQ(
      Classify(Make("pld.system.notify", {tensor, idx, Tup({0, 0}), I(1)}, {{"op", int64_t{1}}})),
      S);
  EXPECT_EQ(Classify(Make("pld.system.wait", {tensor, Tup({0, 0}), I(1)}, {{"cmp", int64_t{0}}})),
            S);
}

// A barrier's core_type kwarg states its lane: placing it in a region changes nothing.
TEST(Affinity, StatedByKwarg) {
  auto sync = [](const char* who) {
    return Make("system.syncall", {}, {{"core_type", std::string(who)}});
  };
  auto aiv = sync("aiv_only"), aic = sync("aic_only"), mix = sync("mix");
  EXPECT_EQ(Classify(aiv), V);
  EXPECT_EQ(Classify(aic), C);
  EXPECT_EQ(Classify(mix), S);
  PlacedCalls placed{&AsCall(aic), &AsCall(mix)};
  EXPECT_EQ(ClassifyCallAffinity(AsCall(aic), &placed), C);
  EXPECT_EQ(ClassifyCallAffinity(AsCall(mix), &placed), S);
  EXPECT_TRUE(IsLaneStated(*ops::FindOp("system.syncall")));
  EXPECT_EQ(DescribeIntrinsicAffinity(*ops::FindOp("system.syncall")),
            "declared by core_type: aic_only CUBE, aiv_only VECTOR, mix SHARED");
}

// ---- 4.5
TEST(Affinity, PlacementOverride) {
  auto tensor = Tensor(ops::testing::Dims({16, 16}));
  auto idx = ops::testing::Scalar(DataType::INDEX);
  auto notify = Make("pld.system.notify", {tensor, idx, Tup({0, 0}), I(1)}, {{"op", int64_t{1}}});
  auto create = Make("tile.create", {Tup({16, 16})}, {{"dtype", DataType::FP32}});
  auto exp = Make("tile.exp", {VecTile()});
  auto left = Tile({16, 16}, DataType::FP16, MemorySpace::Left);
  auto right = Tile({16, 16}, DataType::FP16, MemorySpace::Right);
  auto mm = Make("tile.matmul", {left, right});
  auto shard = Make("tile.aiv_shard", {TileIn(MemorySpace::Acc)}, {{"split", int64_t{1}}});
  auto push = Make("tile.tpush_to_aiv", {TileIn(MemorySpace::Acc)}, {{"split", int64_t{1}}});
  PlacedCalls placed{&AsCall(notify), &AsCall(create), &AsCall(exp),
                     &AsCall(mm),     &AsCall(shard),  &AsCall(push)};
  EXPECT_EQ(ClassifyCallAffinity(AsCall(notify), &placed), V);  // SHARED, not lane-stated
  EXPECT_EQ(ClassifyCallAffinity(AsCall(create), &placed), S);  // lane-stated SHARED stays
  EXPECT_EQ(ClassifyCallAffinity(AsCall(exp), &placed), V);
  EXPECT_EQ(ClassifyCallAffinity(AsCall(mm), &placed), C);     // cube is never re-placed
  EXPECT_EQ(ClassifyCallAffinity(AsCall(shard), &placed), M);  // both ends stay
  EXPECT_EQ(ClassifyCallAffinity(AsCall(push), &placed), C);   // lane-stated CUBE stays
  // Outside the set, and with no set, the intrinsic affinity.
  PlacedCalls empty;
  EXPECT_EQ(ClassifyCallAffinity(AsCall(notify), &empty), S);
  EXPECT_EQ(ClassifyCallAffinity(AsCall(notify)), S);
}

// ---- 4.7
CoreAffinity RollupOf(const std::string& body, const std::string& params = "") {
  std::string text =
      "import pypto.language as pl\n\n"
      "@pl.function(type=pl.FunctionType.InCore)\n"
      "def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
      "c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], n: pl.Scalar[pl.INDEX], "
      "out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]" +
      params + "):\n" + body;
  ir::ProgramPtr p = dsl::Parse(text, "affinity_test.py");
  return RollupAffinity(*p->functions.at(0));
}

TEST(AffinityRollup, StraightLine) {
  EXPECT_EQ(RollupOf("    return out_0\n"), S);
  EXPECT_EQ(RollupOf("    x = pl.exp(a)\n    return out_0\n"), V);
  EXPECT_EQ(RollupOf("    x = pl.tile.move(c, target_memory=pl.Mem.Mat)\n    return out_0\n"), C);
  EXPECT_EQ(RollupOf("    x = pl.exp(a)\n    y = pl.tile.move(c, target_memory=pl.Mem.Mat)\n"
                     "    return out_0\n"),
            M);
  // A non-call assignment is SHARED; an expression statement's call counts.
  EXPECT_EQ(RollupOf("    m = n + 1\n    return out_0\n"), S);
  EXPECT_EQ(RollupOf("    pl.tile.tpush_to_aiv(c, split=1)\n    return out_0\n"), C);
}

TEST(AffinityRollup, ReturnedStoreCountsShared) {
  // The store of an Acc tile would be CUBE; as the returned value it does not count.
  EXPECT_EQ(RollupOf("    x = pl.exp(a)\n    return pl.store(c, [0, 0], out_0)\n"), V);
  EXPECT_EQ(RollupOf("    x = pl.exp(a)\n    o = pl.store(c, [0, 0], out_0)\n    return o\n"), M);
}

TEST(AffinityRollup, DescendsIntoFor) {
  EXPECT_EQ(RollupOf("    for i in pl.range(4):\n        x = pl.exp(a)\n    return out_0\n"), V);
  EXPECT_EQ(RollupOf("    y = pl.tile.move(c, target_memory=pl.Mem.Mat)\n"
                     "    for i in pl.range(4):\n        x = pl.exp(a)\n    return out_0\n"),
            M);
}

TEST(AffinityRollup, DescendsIntoWhile) {
  EXPECT_EQ(RollupOf("    while n > 4:\n        x = pl.tile.move(c, target_memory=pl.Mem.Mat)\n"
                     "    return out_0\n"),
            C);
  EXPECT_EQ(RollupOf("    while n > 4:\n        x = pl.exp(a)\n"
                     "        y = pl.tile.move(c, target_memory=pl.Mem.Mat)\n    return out_0\n"),
            M);
}

TEST(AffinityRollup, CombinesIfBranches) {
  EXPECT_EQ(RollupOf("    if n > 0:\n        x = pl.exp(a)\n    return out_0\n"), V);
  EXPECT_EQ(RollupOf("    if n > 0:\n        x = pl.exp(a)\n    else:\n"
                     "        y = pl.tile.move(c, target_memory=pl.Mem.Mat)\n    return out_0\n"),
            M);
  EXPECT_EQ(RollupOf("    if n > 0:\n        m = n + 1\n    else:\n"
                     "        y = pl.tile.move(c, target_memory=pl.Mem.Mat)\n    return out_0\n"),
            C);
}

TEST(AffinityRollup, DescendsIntoScope) {
  // Without the scope arm this function rolled up SHARED and escaped the split.
  EXPECT_EQ(RollupOf("    with pl.at(level=pl.Level.CORE_GROUP):\n"
                     "        h = pl.tile.move(c, target_memory=pl.Mem.Vec)\n"
                     "        x = pl.exp(h)\n    return out_0\n"),
            M);
  EXPECT_EQ(RollupOf("    with pl.at(level=pl.Level.CORE_GROUP):\n        x = pl.exp(a)\n"
                     "    return out_0\n"),
            V);
}

TEST(AffinityRollup, DescendsIntoRegion) {
  // The region's lane binding (get_subblock_idx) is declared VECTOR; the shard is MIXED.
  EXPECT_EQ(RollupOf("    for v in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
                     "        x = pl.exp(a)\n    return out_0\n"),
            V);
  EXPECT_EQ(RollupOf("    for v in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
                     "        h = pl.aiv_shard(c)\n    return out_0\n"),
            M);
}

TEST(AffinityRollup, NestedAndIsMixed) {
  std::string body =
      "    for i in pl.range(2):\n"
      "        if n > 0:\n"
      "            with pl.at(level=pl.Level.CORE_GROUP):\n"
      "                x = pl.exp(a)\n"
      "    y = pl.tile.move(c, target_memory=pl.Mem.Mat)\n"
      "    return out_0\n";
  EXPECT_EQ(RollupOf(body), M);
  std::string text =
      "import pypto.language as pl\n\n"
      "@pl.function(type=pl.FunctionType.InCore)\n"
      "def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):\n"
      "    x = pl.exp(a)\n"
      "    return x\n";
  auto p = dsl::Parse(text, "affinity_test_vec.py");
  EXPECT_FALSE(IsMixed(*p->functions.at(0)));
}

TEST(AffinityRollup, PlacedCallsReachStatements) {
  auto tensor = Tensor(ops::testing::Dims({16, 16}));
  auto idx = ops::testing::Scalar(DataType::INDEX);
  auto notify = Make("pld.system.notify", {tensor, idx, Tup({0, 0}), I(1)}, {{"op", int64_t{1}}});
  ir::StmtPtr stmt = ir::MakeEval(notify);
  PlacedCalls placed{&AsCall(notify)};
  EXPECT_EQ(RollupAffinity(stmt), S);
  EXPECT_EQ(RollupAffinity(stmt, &placed), V);
  EXPECT_EQ(RollupAffinity(ir::StmtPtr()), S);
}

}  // namespace
}  // namespace tilesplit::analysis
