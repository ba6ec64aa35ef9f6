// ops.md 2.10, 5, 6: boundary ops, lane index, transport ops and split codes.
#include "ops_test_util.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::ops::testing {
namespace {

using ir::SplitMode;

ir::AttrMap Split(int64_t s) {
  return {{"split", s}};
}

TEST(OpsAivShard, HalvesRowsIntoVec) {
  auto c = Call("tile.aiv_shard", {Tile({256, 128}, DataType::FP32, MemorySpace::Acc)}, Split(1));
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec]");
}

TEST(OpsAivShard, HalvesColsCeil) {
  auto c = Call("tile.aiv_shard", {Tile({16, 17}, DataType::FP32, MemorySpace::Acc)}, Split(2));
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[16, 9]");
}

TEST(OpsAivShard, RaggedRowsCeilHalfValid) {
  auto acc = Tile(Dims({16, 128}), DataType::FP32, MemorySpace::Acc, Dims({13, 128}));
  auto c = Call("tile.aiv_shard", {acc}, Split(1));
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[8, 128]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[7, 128]");
  // The operand's Acc layout is dropped: the result has Vec's implicit layout.
  EXPECT_EQ(TileOf(c).EffectiveView().slayout, ir::TileLayout::none_box);
}

TEST(OpsAivShard, DynamicExtents) {
  auto n = Scalar(DataType::INDEX, "n");
  auto v = Scalar(DataType::INDEX, "v");
  auto acc = Tile(std::vector<ExprPtr>{n, I(128)}, DataType::FP32, MemorySpace::Acc,
                  std::vector<ExprPtr>{v, I(128)});
  auto c = Call("tile.aiv_shard", {acc}, Split(1));
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[n // 2, 128]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[(v + 1) // 2, 128]");
}

TEST(OpsAivShard, NoSplitKeepsShape) {
  auto c = Call("tile.aiv_shard", {Tile({3, 16, 8}, DataType::FP32, MemorySpace::Acc)}, Split(0));
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[3, 16, 8]");
}

TEST(OpsAivShard, LaneStride) {
  auto acc = Tile(Dims({16, 128}), DataType::FP32, MemorySpace::Acc, Dims({13, 128}));
  auto c = Call("tile.aiv_shard", {acc}, {{"split", int64_t{1}}, {"lane_stride", int64_t{7}}});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[8, 128]");
  ExpectCallError("tile.aiv_shard", {acc}, {{"split", int64_t{1}}, {"lane_stride", int64_t{9}}},
                  {"tile.aiv_shard", "'lane_stride'", "9"});
  ExpectCallError("tile.aiv_shard", {acc}, {{"split", int64_t{1}}, {"lane_stride", int64_t{0}}},
                  {"tile.aiv_shard", "'lane_stride'"});
}

TEST(OpsAivShard, Rejections) {
  auto acc = Tile({16, 128}, DataType::FP32, MemorySpace::Acc);
  ExpectCallError("tile.aiv_shard", {acc}, Split(3), {"tile.aiv_shard", "'split'", "3"});
  ExpectCallError("tile.aiv_shard", {acc}, {}, {"tile.aiv_shard", "'split'"});
  ExpectCallError("tile.aiv_shard", {Tile({2, 16, 128})}, Split(1), {"tile.aiv_shard", "rank 2"});
  auto narrow = Tile(Dims({16, 128}), DataType::FP32, MemorySpace::Acc, Dims({16, 100}));
  ExpectCallError("tile.aiv_shard", {narrow}, Split(2),
                  {"tile.aiv_shard", "LEFT_RIGHT", "valid columns 100 of 128"});
}

TEST(OpsAicGather, DoublesIntoMat) {
  auto c = Call("tile.aic_gather", {Tile({8, 128}, DataType::FP16)}, Split(1));
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[16, 128], pl.FP16, pl.Mem.Mat]");
  auto d = Call("tile.aic_gather", {Tile({8, 64}, DataType::FP16)}, Split(2));
  EXPECT_EQ(ShapeStr(TileOf(d).shape), "[8, 128]");
}

TEST(OpsAicGather, NarrowedColumnsAccepted) {
  // Gathers are exempt from the boundary check (step 1).
  auto half = Tile(Dims({8, 128}), DataType::FP16, MemorySpace::Vec, Dims({8, 100}));
  auto c = Call("tile.aic_gather", {half}, Split(2));
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[8, 200]");
}

TEST(OpsAicGather, Rejections) {
  ExpectCallError("tile.aic_gather", {Tile({8, 128})}, Split(4), {"tile.aic_gather", "'split'"});
  ExpectCallError("tile.aic_gather", {Tile({8, 128})},
                  {{"split", int64_t{1}}, {"lane_stride", int64_t{4}}},
                  {"tile.aic_gather", "lane_stride"});
}

TEST(OpsCrossCore, AffinityDeclarations) {
  EXPECT_FALSE(FindOp("tile.aiv_shard")->declared_affinity().has_value());
  EXPECT_FALSE(FindOp("tile.aic_gather")->declared_affinity().has_value());
  EXPECT_EQ(FindOp("tile.get_subblock_idx")->declared_affinity(), CoreAffinity::VECTOR);
  EXPECT_EQ(FindOp("tile.tpush_to_aiv")->declared_affinity(), CoreAffinity::CUBE);
  EXPECT_EQ(FindOp("tile.tpop_from_aic")->declared_affinity(), CoreAffinity::VECTOR);
  EXPECT_EQ(FindOp("tile.tpush_to_aic")->declared_affinity(), CoreAffinity::VECTOR);
  EXPECT_EQ(FindOp("tile.tpop_from_aiv")->declared_affinity(), CoreAffinity::CUBE);
  EXPECT_EQ(FindOp("system.tfree_to_aic")->declared_affinity(), CoreAffinity::VECTOR);
  EXPECT_EQ(FindOp("system.tfree_to_aiv")->declared_affinity(), CoreAffinity::CUBE);
  EXPECT_EQ(FindOp("tile.tpush_to_aiv")->cross_core_role(), CrossCoreRole::TPush);
  EXPECT_EQ(FindOp("tile.tpop_from_aiv")->cross_core_role(), CrossCoreRole::TPop);
  EXPECT_EQ(FindOp("system.tfree_to_aic")->cross_core_role(), CrossCoreRole::TFree);
  EXPECT_TRUE(FindOp("tile.tpop_from_aic")->result_from_annotation());
  EXPECT_FALSE(FindOp("tile.tpush_to_aiv")->has_result());
}

TEST(OpsSubblockIdx, IndexScalar) {
  auto c = Call("tile.get_subblock_idx", {});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Scalar[pl.INDEX]");
}

TEST(OpsTransport, PushPopFree) {
  auto acc = Tile({16, 128}, DataType::FP32, MemorySpace::Acc);
  auto push = Call("tile.tpush_to_aiv", {acc}, {{"split", int64_t{3}}, {"id", int64_t{1}}});
  EXPECT_EQ(push->type, nullptr);
  EXPECT_EQ(DeduceType(*FindOp("tile.tpop_from_aic"), {}, Split(1)), nullptr);
  auto v = Tile({8, 128});
  EXPECT_EQ(Call("system.tfree_to_aic", {v}, Split(1))->type, nullptr);
  EXPECT_EQ(Call("tile.tpush_to_aic", {v}, Split(2))->type, nullptr);
}

TEST(OpsTransport, Rejections) {
  auto acc = Tile({16, 128}, DataType::FP32, MemorySpace::Acc);
  ExpectCallError("tile.tpush_to_aiv", {acc}, Split(5), {"tile.tpush_to_aiv", "'split'", "5"});
  ExpectCallError("tile.tpush_to_aic", {acc}, {{"split", int64_t{1}}, {"lane_stride", int64_t{2}}},
                  {"tile.tpush_to_aic", "lane_stride"});
  ExpectCallError("tile.tpop_from_aiv", {}, {{"split", int64_t{1}}, {"id", int64_t{-1}}},
                  {"tile.tpop_from_aiv", "'id'"});
  auto narrow = Tile(Dims({16, 128}), DataType::FP32, MemorySpace::Acc, Dims({16, 100}));
  ExpectCallError("tile.tpush_to_aiv", {narrow}, Split(4), {"tile.tpush_to_aiv", "LEFT_RIGHT"});
  ExpectCallError("system.tfree_to_aiv", {I(1)}, Split(1), {"system.tfree_to_aiv", "'tile'"});
}

// ---- split_code.h

TEST(SplitCode, AxisFromCode) {
  EXPECT_FALSE(SplitAxisFromSplitCode(0).has_value());
  EXPECT_EQ(SplitAxisFromSplitCode(1), 0);
  EXPECT_EQ(SplitAxisFromSplitCode(2), 1);
  EXPECT_EQ(SplitAxisFromSplitCode(3), 0);
  EXPECT_EQ(SplitAxisFromSplitCode(4), 1);
}

TEST(SplitCode, LaneExtents) {
  auto e = LaneExtents(16, 13, std::nullopt);
  EXPECT_EQ(e.stride, 8);
  EXPECT_EQ(e.e0, 8);
  EXPECT_EQ(e.e1, 5);
  auto b = LaneExtents(16, 13, 7);
  EXPECT_EQ(b.e0, 7);
  EXPECT_EQ(b.e1, 6);
  auto z = LaneExtents(16, 5, std::nullopt);
  EXPECT_EQ(z.e0, 5);
  EXPECT_EQ(z.e1, 0);
}

// The table of ops.md 6, row by row.
TEST(SplitCode, ShardTable) {
  EXPECT_EQ(ShardSplitCode(SplitMode::UpDown, Dims({17, 128}), Dims({17, 128}), std::nullopt), 3);
  EXPECT_EQ(ShardSplitCode(SplitMode::UpDown, Dims({16, 128}), Dims({15, 128}), std::nullopt), 3);
  EXPECT_EQ(ShardSplitCode(SplitMode::UpDown, Dims({16, 128}), Dims({16, 128}), std::nullopt), 1);
  try {
    ShardSplitCode(SplitMode::UpDown, Dims({16, 128}), Dims({13, 128}), std::nullopt);
    ADD_FAILURE() << "expected an error";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("e0 = 8"), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("e1 = 5"), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("lane_stride=7"), std::string::npos) << e.message();
  }
  EXPECT_EQ(ShardSplitCode(SplitMode::UpDown, Dims({16, 128}), Dims({13, 128}), 7), 3);
}

TEST(SplitCode, ShardOtherRules) {
  EXPECT_EQ(ShardSplitCode(SplitMode::None, Dims({17, 128}), Dims({3, 128}), std::nullopt), 0);
  EXPECT_EQ(ShardSplitCode(SplitMode::LeftRight, Dims({16, 17}), Dims({16, 17}), std::nullopt), 4);
  EXPECT_EQ(ShardSplitCode(SplitMode::UpDown, Dims({16, 128}), Dims({5, 128}), std::nullopt), 1);
  auto v = Scalar(DataType::INDEX, "v");
  // A runtime split-axis extent: the lanes' shares (min(v, 8), clamp(v - 8, 0, 8)) need
  // different codes for different v, so no code is right; the pass pops the full box instead.
  try {
    ShardSplitCode(SplitMode::UpDown, Dims({16, 128}), {v, I(128)}, std::nullopt);
    ADD_FAILURE() << "expected an error";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("is a runtime value"), std::string::npos) << e.message();
    ASSERT_EQ(e.notes().size(), 1u);
    EXPECT_NE(e.notes()[0].message.find("fully valid on the split axis"), std::string::npos);
  }
  EXPECT_THROW(ShardSplitCode(SplitMode::LeftRight, Dims({16, 128}), Dims({16, 100}), std::nullopt),
               ir::UserError);
}

TEST(SplitCode, GatherCodes) {
  EXPECT_EQ(GatherSplitCode(SplitMode::None, Dims({16, 128}), Dims({16, 128})), 0);
  EXPECT_EQ(GatherSplitCode(SplitMode::UpDown, Dims({16, 128}), Dims({16, 128})), 1);
  EXPECT_EQ(GatherSplitCode(SplitMode::LeftRight, Dims({16, 128}), Dims({16, 40})), 2);
  try {
    GatherSplitCode(SplitMode::UpDown, Dims({17, 128}), Dims({17, 128}));
    ADD_FAILURE() << "expected an error";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("e0 = 9"), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("pad the split axis"), std::string::npos) << e.message();
  }
}

TEST(SplitCode, BoundaryRuleTable) {
  auto v = Scalar(DataType::INDEX, "v");
  auto check = [](std::vector<ExprPtr> s, std::vector<ExprPtr> va, std::optional<int> axis,
                  bool halve) { CheckSplitBoundaryCarriesValid("op", s, va, axis, halve); };
  // Step 1: gathers accept anything.
  EXPECT_NO_THROW(check(Dims({16, 128}), {v, v}, 1, false));
  // Step 2: full columns accept any rows.
  EXPECT_NO_THROW(check(Dims({16, 128}), {v, I(128)}, 0, true));
  // Step 3: LEFT_RIGHT with narrowed columns.
  EXPECT_THROW(check(Dims({16, 128}), Dims({16, 100}), 1, true), ir::UserError);
  // Step 4: runtime narrowed columns.
  EXPECT_THROW(check(Dims({16, 128}), {I(16), v}, std::nullopt, true), ir::UserError);
  // Step 5: UP_DOWN with narrowed rows and columns.
  EXPECT_THROW(check(Dims({16, 128}), Dims({13, 100}), 0, true), ir::UserError);
  // Step 6: runtime rows with narrowed columns.
  EXPECT_THROW(check(Dims({16, 128}), {v, I(100)}, std::nullopt, true), ir::UserError);
  // Otherwise: static narrowed columns with static full rows under 0 or 1.
  EXPECT_NO_THROW(check(Dims({16, 128}), Dims({16, 100}), 0, true));
  EXPECT_NO_THROW(check(Dims({16, 128}), Dims({13, 100}), std::nullopt, true));
  // Not rank 2: silent.
  EXPECT_NO_THROW(check(Dims({16}), Dims({3}), 1, true));
}

}  // namespace
}  // namespace tilesplit::ops::testing
