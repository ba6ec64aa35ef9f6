// ops.md 2.5: gather, scatter and select.
#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsGatherRow, DstTypeUnchanged) {
  auto dst = Tile({16, 128}, DataType::FP16, MemorySpace::Vec);
  auto src = Tensor(Dims({1024, 128}), DataType::FP16);
  auto row = Scalar(DataType::INDEX, "row");
  auto c = Call("tile.gather_row",
                {dst, src, Tup({0, 0}), Tup({row, I(0)}), Tup({16, 128}), Tup({16, 100})});
  EXPECT_TRUE(ir::TypeEqual(c->type, dst->type));
  const OpDef& d = *FindOp("tile.gather_row");
  EXPECT_EQ(d.reused_input(), 0u);
  EXPECT_EQ(d.address_arg_positions(), std::vector<size_t>{3});
}

TEST(OpsGatherRow, Rejections) {
  auto src = Tensor(Dims({1024, 128}), DataType::FP16);
  auto acc = Tile({16, 128}, DataType::FP16, MemorySpace::Acc);
  ExpectCallError("tile.gather_row", {acc, src, Tup({0, 0}), Tup({0, 0}), Tup({16, 128})}, {},
                  {"tile.gather_row", "'dst'", "Acc"});
  auto dst = Tile({16, 128}, DataType::FP32);
  ExpectCallError("tile.gather_row", {dst, src, Tup({0, 0}), Tup({0, 0}), Tup({16, 128})}, {},
                  {"tile.gather_row", "'src'", "FP16"});
  auto d16 = Tile({16, 128}, DataType::FP16);
  ExpectCallError("tile.gather_row",
                  {d16, src, Tup({0, 0}), Tup({0, 0}), Tup({16, 128}), Tup({17, 128})}, {},
                  {"tile.gather_row", "'valid_shape'"});
  auto v = Scalar(DataType::INDEX, "v");
  ExpectCallError("tile.gather_row",
                  {d16, src, Tup({0, 0}), Tup({0, 0}), Tup({16, 128}), Tup({v, I(128)})},
                  {{"transpose", true}}, {"tile.gather_row", "'valid_shape'", "static"});
}

TEST(OpsGather, ShapeFromIndices) {
  auto c = Call("tile.gather", {Tile({1, 1024}), Tile({8, 64}, DataType::INT32), Tile({8, 64})});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec]");
  const OpDef& d = *FindOp("tile.gather");
  EXPECT_EQ(d.lane_invariant_kind(0), LaneInvariantKind::IndexAddressedSource);
  EXPECT_EQ(d.lane_invariant_kind(2), LaneInvariantKind::Scratch);
  EXPECT_FALSE(d.lane_invariant_kind(1).has_value());
}

TEST(OpsGather, Rejections) {
  ExpectCallError("tile.gather",
                  {Tile({1, 1024}, DataType::INT8), Tile({8, 64}, DataType::INT32), Tile({8, 64})},
                  {}, {"tile.gather", "'src'", "INT8"});
  ExpectCallError("tile.gather", {Tile({1, 1024}), Tile({8, 64}, DataType::INT16), Tile({8, 64})},
                  {}, {"tile.gather", "'indices'", "16-bit"});
  ExpectCallError("tile.gather", {Tile({1, 1024}), Tile({8, 64}, DataType::FP32), Tile({8, 64})},
                  {}, {"tile.gather", "'indices'", "FP32"});
}

TEST(OpsGatherB, ScalesColumns) {
  auto off = Tile(Dims({4, 8}), DataType::UINT32, MemorySpace::Vec, Dims({4, 4}));
  auto c = Call("tile.gatherb", {Tile({64, 64}, DataType::FP16), off});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[4, 128]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[4, 64]");
  auto d = Call("tile.gatherb", {Tile({64, 64}, DataType::FP16), off},
                {{"output_dtype", DataType::FP32}});
  EXPECT_EQ(ShapeStr(TileOf(d).shape), "[4, 64]");
}

TEST(OpsGatherB, Rejections) {
  ExpectCallError("tile.gatherb", {Tile({64, 64}), Tile({4, 6}, DataType::UINT32)}, {},
                  {"tile.gatherb", "'offset'", "multiple of 8"});
  ExpectCallError("tile.gatherb", {Tile({64, 64}), Tile({4, 8}, DataType::INT32)}, {},
                  {"tile.gatherb", "'offset'", "INT32"});
  ExpectCallError("tile.gatherb", {Tile({64}), Tile({4, 8}, DataType::UINT32)}, {},
                  {"tile.gatherb", "'src'"});
}

TEST(OpsScatter, DstType) {
  auto dst = Tile({64, 64});
  auto c = Call("tile.scatter", {dst, Tile({8, 16}), Tile({8, 16}, DataType::INT32)});
  EXPECT_TRUE(ir::TypeEqual(c->type, dst->type));
  EXPECT_EQ(FindOp("tile.scatter")->lane_invariant_kind(0),
            LaneInvariantKind::AbsoluteIndexedDestination);
  EXPECT_EQ(FindOp("tile.scatter")->reused_input(), 0u);
}

TEST(OpsScatter, Rejections) {
  auto dst = Tile({64, 64});
  ExpectCallError("tile.scatter", {dst, Tile({8, 16}), Tile({8, 16}, DataType::INT16)}, {},
                  {"tile.scatter", "'indexes'", "INT32"});
  ExpectCallError("tile.scatter", {dst, Tile({8, 16}), Tile({8, 8}, DataType::INT32)}, {},
                  {"tile.scatter", "'indexes'", "[8, 16]"});
  ExpectCallError("tile.scatter",
                  {dst, Tile({8, 16}, DataType::FP16), Tile({8, 16}, DataType::INT32)}, {},
                  {"tile.scatter", "'src'", "FP16"});
  ExpectCallError("tile.scatter",
                  {Tile({64, 64}, DataType::UINT8), Tile({8, 16}, DataType::UINT8),
                   Tile({8, 16}, DataType::INT16)},
                  {}, {"tile.scatter", "'dst'", "UINT8"});
}

TEST(OpsScatterUpdate, TwoAndFourD) {
  auto in = Tile({256, 64}, DataType::FP16);
  auto c = Call("tile.scatter_update",
                {in, Tile({2, 4}, DataType::INT32), Tile({8, 64}, DataType::FP16)});
  EXPECT_TRUE(ir::TypeEqual(c->type, in->type));
  auto in4 = Tile({16, 8, 1, 64}, DataType::FP16);
  auto d = Call("tile.scatter_update",
                {in4, Tile({2, 4}, DataType::INT32), Tile({4, 2, 1, 64}, DataType::FP16)});
  EXPECT_TRUE(ir::TypeEqual(d->type, in4->type));
}

TEST(OpsScatterUpdate, Rejections) {
  auto in = Tile({256, 64}, DataType::FP16);
  auto idx = Tile({2, 4}, DataType::INT32);
  ExpectCallError("tile.scatter_update", {in, idx, Tile({16, 64}, DataType::FP16)}, {},
                  {"tile.scatter_update", "'src'", "b * s = 8"});
  ExpectCallError("tile.scatter_update", {in, idx, Tile({8, 32}, DataType::FP16)}, {},
                  {"tile.scatter_update", "'src'", "width"});
  ExpectCallError("tile.scatter_update", {in, idx, Tile({8, 64}, DataType::FP16)},
                  {{"dim", int64_t{0}}}, {"tile.scatter_update", "'dim'"});
  ExpectCallError("tile.scatter_update",
                  {Tile({4, 256, 64}, DataType::FP16), idx, Tile({1, 8, 64}, DataType::FP16)}, {},
                  {"tile.scatter_update", "'input'"});
  ExpectCallError("tile.scatter_update",
                  {in, Tile({2, 4}, DataType::FP32), Tile({8, 64}, DataType::FP16)}, {},
                  {"tile.scatter_update", "'index'"});
}

TEST(OpsSel, BroadcastFromLhsRhs) {
  auto c = Call("tile.sel", {Tile({128, 128}, DataType::UINT8), Tile({128, 128}), Tile({128}),
                             Tile({128, 128})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[128, 128]");
  EXPECT_EQ(FindOp("tile.sel")->lane_invariant_kind(3), LaneInvariantKind::Scratch);
  EXPECT_FALSE(FindOp("tile.sel")->lane_invariant_kind(0).has_value());
}

TEST(OpsSel, Rejections) {
  ExpectCallError("tile.sel", {Tile({128, 128}), Tile({128, 128}), Tile({128, 64}), Tile({1, 1})},
                  {}, {"tile.sel", "'rhs'", "[128, 64]"});
  ExpectCallError("tile.sel", {I(0), Tile({128, 128}), Tile({128, 128}), Tile({1, 1})}, {},
                  {"tile.sel", "'mask'"});
}

TEST(OpsSels, SrcType) {
  auto src = Tile({16, 64}, DataType::FP16);
  auto c = Call("tile.sels", {Tile({16, 8}, DataType::UINT8), src, Tile({16, 64}, DataType::FP16),
                              ir::MakeConstFloat(0.0)});
  EXPECT_TRUE(ir::TypeEqual(c->type, src->type));
  EXPECT_EQ(FindOp("tile.sels")->lane_invariant_kind(2), LaneInvariantKind::Scratch);
}

TEST(OpsSels, Rejections) {
  auto src = Tile({16, 64}, DataType::FP16);
  auto tmp = Tile({16, 64}, DataType::FP16);
  ExpectCallError("tile.sels", {Tile({8, 8}, DataType::UINT8), src, tmp, ir::MakeConstFloat(0.0)},
                  {}, {"tile.sels", "'mask'", "rows"});
  ExpectCallError("tile.sels", {Tile({16, 4}, DataType::UINT8), src, tmp, ir::MakeConstFloat(0.0)},
                  {}, {"tile.sels", "'mask'", "bytes"});
  ExpectCallError("tile.sels", {Tile({16, 8}, DataType::FP16), src, tmp, ir::MakeConstFloat(0.0)},
                  {}, {"tile.sels", "'mask'", "FP16"});
  ExpectCallError("tile.sels", {Tile({16, 8}, DataType::UINT8), src, tmp, I(0)}, {},
                  {"tile.sels", "'scalar'"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
