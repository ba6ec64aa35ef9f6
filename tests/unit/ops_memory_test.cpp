// ops.md 2.1: tile.load, tile.store, tile.move, tile.read, tensor.read.
#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsLoad, FullWindow) {
  auto c =
      Call("tile.load", {Tensor(Dims({256, 128})), Tup({0, 0}), Tup({128, 128}), Tup({128, 128})},
           {{"target_memory", MemorySpace::Vec}});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec]");
}

TEST(OpsLoad, WithoutTargetLeavesMemoryUnresolved) {
  auto c = Call("tile.load", {Tensor(Dims({256, 128})), Tup({0, 0}), Tup({128, 128})});
  EXPECT_FALSE(TileOf(c).memory.has_value());
}

TEST(OpsLoad, ValidIsWindowReadOfTensorValid) {
  auto x = Tensor(Dims({256, 128}), DataType::FP16, Dims({200, 128}));
  auto c = Call("tile.load", {x, Tup({128, 0}), Tup({128, 128}), Tup({128, 128})},
                {{"target_memory", MemorySpace::Vec}});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[72, 128]");
  EXPECT_EQ(TileOf(c).dtype, DataType::FP16);
}

TEST(OpsLoad, DynamicOffsetKeepsRequestedExtent) {
  auto i = Scalar(DataType::INDEX, "i");
  auto x = Tensor(Dims({256, 128}), DataType::FP32, Dims({200, 128}));
  auto c = Call("tile.load", {x, Tup({i, I(0)}), Tup({128, 128}), Tup({128, 128})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[128, 128]");
}

TEST(OpsLoad, RankOneLoad) {
  auto c = Call("tile.load", {Tensor(Dims({512})), Tup({0}), Tup({256}), Tup({256})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[256]");
}

TEST(OpsLoad, OutOfBoundsRejectedUnlessClamp) {
  auto x = Tensor(Dims({100, 128}));
  ExpectCallError("tile.load", {x, Tup({64, 0}), Tup({64, 128}), Tup({64, 128})}, {},
                  {"tile.load", "'valid_shape'", "[100, 128]"});
  auto c = Call("tile.load", {x, Tup({64, 0}), Tup({64, 128}), Tup({64, 128})}, {{"clamp", true}});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[36, 128]");
}

TEST(OpsLoad, OffsetsRankMismatch) {
  ExpectCallError("tile.load", {Tensor(Dims({64, 64})), Tup({0}), Tup({64, 64}), Tup({64, 64})}, {},
                  {"tile.load", "'offsets'"});
}

TEST(OpsLoad, SourceMustBeTensor) {
  ExpectCallError("tile.load", {Tile({64, 64}), Tup({0, 0}), Tup({64, 64}), Tup({64, 64})}, {},
                  {"tile.load", "'tensor'", "must be a tensor"});
}

TEST(OpsLoad, Properties) {
  const OpDef& d = *FindOp("tile.load");
  EXPECT_EQ(d.address_arg_positions(), std::vector<size_t>{1});
  EXPECT_EQ(d.parser_default_source(3), 2u);
  EXPECT_EQ(d.output_memory_rule(), OutputMemoryRule::Kwarg);
  EXPECT_FALSE(d.declared_affinity().has_value());
}

TEST(OpsStore, GrowsTensorValid) {
  auto out = Tensor(Dims({256, 128}), DataType::FP32, Dims({0, 128}));
  auto tile = Tile(Dims({128, 128}), DataType::FP32, MemorySpace::Vec, Dims({100, 128}));
  auto c = Call("tile.store", {tile, Tup({128, 0}), out});
  EXPECT_EQ(ir::TypeToString(c->type),
            "pl.Tensor[[256, 128], pl.FP32, pl.TensorView(valid_shape=[228, 128])]");
}

TEST(OpsStore, CoveredTensorUnchanged) {
  auto out = Tensor(Dims({256, 128}));
  auto c = Call("tile.store", {Tile({128, 128}), Tup({0, 0}), out});
  EXPECT_TRUE(ir::TypeEqual(c->type, out->type));
  EXPECT_EQ(FindOp("tile.store")->reused_input(), 2u);
}

TEST(OpsStore, OutOfBoundsRejected) {
  ExpectCallError("tile.store", {Tile({128, 128}), Tup({200, 0}), Tensor(Dims({256, 128}))}, {},
                  {"tile.store", "'offsets'", "[256, 128]"});
}

TEST(OpsStore, AtomicNeedsSupportedDType) {
  auto tile = Tile({16, 16}, DataType::UINT8);
  auto out = Tensor(Dims({16, 16}), DataType::UINT8);
  ExpectCallError("tile.store", {tile, Tup({0, 0}), out}, {{"atomic", int64_t{1}}},
                  {"tile.store", "'tile'", "UINT8"});
}

TEST(OpsStore, DTypeMismatch) {
  ExpectCallError("tile.store",
                  {Tile({16, 16}, DataType::FP16), Tup({0, 0}), Tensor(Dims({16, 16}))}, {},
                  {"tile.store", "'tile'", "FP16"});
}

TEST(OpsMove, ToMatTakesMatLayout) {
  auto c = Call("tile.move", {Tile({64, 64}, DataType::FP16, MemorySpace::Vec)},
                {{"target_memory", MemorySpace::Mat}});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat]");
}

TEST(OpsMove, ToRightForcesRowMajor) {
  auto c = Call("tile.move", {Tile({64, 64}, DataType::FP16, MemorySpace::Mat)},
                {{"target_memory", MemorySpace::Right}});
  const auto& t = TileOf(c);
  EXPECT_EQ(t.EffectiveView().blayout, ir::TileLayout::row_major);
  EXPECT_EQ(t.EffectiveView().slayout, ir::TileLayout::col_major);
}

TEST(OpsMove, ToVecKeepsSourceLayoutAndValid) {
  auto acc = Tile(Dims({64, 64}), DataType::FP32, MemorySpace::Acc, Dims({60, 64}));
  auto c = Call("tile.move", {acc}, {{"target_memory", MemorySpace::Vec}});
  const auto& t = TileOf(c);
  EXPECT_EQ(t.memory, MemorySpace::Vec);
  EXPECT_EQ(ShapeStr(t.valid()), "[60, 64]");
  EXPECT_EQ(t.EffectiveView().blayout, ir::TileLayout::col_major);
  EXPECT_EQ(t.EffectiveView().fractal, 1024);
}

TEST(OpsMove, ExplicitLayoutOverrides) {
  auto c = Call("tile.move", {Tile({64, 64})},
                {{"target_memory", MemorySpace::Mat}, {"blayout", ir::TileLayout::row_major}});
  EXPECT_EQ(TileOf(c).EffectiveView().blayout, ir::TileLayout::row_major);
}

TEST(OpsMove, TargetRequired) {
  ExpectCallError("tile.move", {Tile({64, 64})}, {}, {"tile.move", "'target_memory'"});
}

TEST(OpsMove, ScaleTargetsRejected) {
  ExpectCallError("tile.move", {Tile({64, 64})}, {{"target_memory", MemorySpace::LeftScale}},
                  {"tile.move", "'target_memory'", "LeftScale"});
}

TEST(OpsRead, TileAndTensorRead) {
  auto c = Call("tile.read", {Tile({16, 16}, DataType::INT32), Tup({1, 2})});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Scalar[pl.INT32]");
  auto d = Call("tensor.read", {Tensor(Dims({16}), DataType::FP16), Tup({3})});
  EXPECT_EQ(ir::TypeToString(d->type), "pl.Scalar[pl.FP16]");
}

TEST(OpsRead, IndexRankMismatch) {
  ExpectCallError("tile.read", {Tile({16, 16}), Tup({1})}, {}, {"tile.read", "'indices'"});
  ExpectCallError("tensor.read", {Tensor(Dims({16})), Tup({1, 2})}, {},
                  {"tensor.read", "'indices'"});
}

TEST(OpsRead, IndexMustBeInteger) {
  ExpectCallError("tile.read", {Tile({16}), Tup({Scalar(DataType::FP32)})}, {},
                  {"tile.read", "'indices'", "integer"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
