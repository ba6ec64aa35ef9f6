// ops.md 2.4: the view and layout ops.
#include "ops_test_util.h"
#include "tilesplit/ops/slice_axes.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsSlice, WindowRead) {
  auto in = Tile(Dims({256, 128}), DataType::FP32, MemorySpace::Vec, Dims({200, 128}));
  auto c = Call("tile.slice", {in, Tup({128, 64}), Tup({128, 0})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[128, 64]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[72, 64]");
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Vec);
  EXPECT_EQ(FindOp("tile.slice")->address_arg_positions(), std::vector<size_t>{2});
}

TEST(OpsSlice, ExplicitValidAndEmptyValid) {
  auto in = Tile({256, 128});
  auto c = Call("tile.slice", {in, Tup({128, 64}), Tup({0, 0}), Tup({100, 64})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[100, 64]");
  auto d = Call("tile.slice", {in, Tup({128, 64}), Tup({0, 0}), Tup({})});
  EXPECT_EQ(ShapeStr(TileOf(d).valid()), "[128, 64]");
}

TEST(OpsSlice, DropDims) {
  auto in = Tile({4, 256, 128});
  auto c = Call("tile.slice", {in, Tup({1, 256, 128}), Tup({2, 0, 0}), Tup({}), Tup({0})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[256, 128]");
}

TEST(OpsSlice, RankTwoClampPrependsUnitAxes) {
  auto in = Tile({4, 8, 128});
  auto c = Call("tile.slice", {in, Tup({1, 1, 128}), Tup({0, 3, 0}), Tup({}), Tup({0, 1})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[1, 128]");
  auto r1 = Call("tile.slice", {Tile({512}), Tup({128}), Tup({0})});
  EXPECT_EQ(ShapeStr(TileOf(r1).shape), "[1, 128]");
}

TEST(OpsSlice, AxisMaps) {
  SliceAxes a = MakeSliceAxes(3, {0});
  EXPECT_EQ(a.PreDropAxis(0), 1u);
  EXPECT_EQ(a.ResultAxis(2), 1u);
  EXPECT_FALSE(a.ResultAxis(0).has_value());
  SliceAxes b = MakeSliceAxes(3, {0, 1});
  EXPECT_EQ(b.prepended, 1u);
  EXPECT_FALSE(b.PreDropAxis(0).has_value());
  EXPECT_EQ(b.PreDropAxis(1), 2u);
  EXPECT_EQ(b.ResultAxis(2), 1u);
}

TEST(OpsSlice, PadValueOverrides) {
  auto c = Call("tile.slice", {Tile({64, 64}), Tup({32, 32}), Tup({0, 0})},
                {{"pad_value", ir::PadValue::zero}});
  EXPECT_EQ(TileOf(c).EffectiveView().pad, ir::PadValue::zero);
}

TEST(OpsSlice, Rejections) {
  auto in = Tile({4, 256, 128});
  ExpectCallError("tile.slice", {Tile({64, 64}), Tup({64, 64}), Tup({32, 0})}, {},
                  {"tile.slice", "'shape'", "[64, 64]"});
  ExpectCallError("tile.slice", {Tile({64, 64}), Tup({64}), Tup({0, 0})}, {},
                  {"tile.slice", "'shape'"});
  ExpectCallError("tile.slice", {in, Tup({2, 256, 128}), Tup({0, 0, 0}), Tup({}), Tup({0})}, {},
                  {"tile.slice", "'drop_dims'", "unit"});
  ExpectCallError("tile.slice", {in, Tup({1, 256, 128}), Tup({0, 0, 0}), Tup({}), Tup({5})}, {},
                  {"tile.slice", "'drop_dims'"});
  ExpectCallError("tile.slice", {Tile({64, 64}), Tup({32, 32}), Tup({0, 0}), Tup({32})}, {},
                  {"tile.slice", "'valid_shape'"});
}

TEST(OpsReshape, FullyValid) {
  auto c = Call("tile.reshape", {Tile({16, 64}), Tup({1024})});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[1024], pl.FP32, pl.Mem.Vec]");
}

TEST(OpsReshape, UnitAxesKeepExtents) {
  auto in = Tile(Dims({128, 1}), DataType::FP32, MemorySpace::Vec, Dims({100, 1}));
  auto c = Call("tile.reshape", {in, Tup({1, 128})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[1, 100]");
}

TEST(OpsReshape, EmptySource) {
  auto in = Tile(Dims({16, 16}), DataType::FP32, MemorySpace::Vec, Dims({0, 16}));
  auto c = Call("tile.reshape", {in, Tup({256})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[0]");
}

TEST(OpsReshape, PrefixRectangle) {
  auto in = Tile(Dims({16, 64}), DataType::FP32, MemorySpace::Vec, Dims({4, 64}));
  auto c = Call("tile.reshape", {in, Tup({32, 32})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[8, 32]");
  auto d = Call("tile.reshape", {in, Tup({1, 1024})});
  EXPECT_EQ(ShapeStr(TileOf(d).valid()), "[1, 256]");
}

TEST(OpsReshape, Rejections) {
  ExpectCallError("tile.reshape", {Tile({16, 64}), Tup({16, 16})}, {},
                  {"tile.reshape", "'shape'", "[16, 16]", "[16, 64]"});
  auto in = Tile(Dims({16, 64}), DataType::FP32, MemorySpace::Vec, Dims({16, 10}));
  ExpectCallError("tile.reshape", {in, Tup({32, 32})}, {},
                  {"tile.reshape", "'input'", "[16, 10]", "[32, 32]"});
}

TEST(OpsReshape, DynamicShape) {
  auto n = Scalar(DataType::INDEX, "n");
  auto in = Tile(std::vector<ExprPtr>{n, I(64)});
  auto c = Call("tile.reshape", {in, Tup({n, I(8), I(8)})});
  EXPECT_EQ(TileOf(c).shape.size(), 3u);
}

TEST(OpsReinterpretView, ScalesContiguousAxis) {
  auto in = Tile(Dims({16, 64}), DataType::FP32, MemorySpace::Vec, Dims({16, 32}));
  auto c = Call("tile.reinterpret_view", {in}, {{"dtype", DataType::FP16}});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[16, 128]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[16, 64]");
}

TEST(OpsReinterpretView, WithShape) {
  auto c =
      Call("tile.reinterpret_view", {Tile({16, 64}), Tup({32, 64})}, {{"dtype", DataType::FP16}});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[32, 64]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[32, 64]");
}

TEST(OpsReinterpretView, Rejections) {
  ExpectCallError("tile.reinterpret_view", {Tile({16, 64}), Tup({16, 64})},
                  {{"dtype", DataType::FP16}}, {"tile.reinterpret_view", "'shape'", "byte size"});
  ExpectCallError("tile.reinterpret_view", {Tile({16, 3}, DataType::INT8)},
                  {{"dtype", DataType::FP32}}, {"tile.reinterpret_view", "'data'"});
  ExpectCallError("tile.reinterpret_view", {Tile({16, 64}, DataType::FP16, MemorySpace::Mat)},
                  {{"dtype", DataType::INT16}}, {"tile.reinterpret_view", "'data'", "flat"});
  auto part = Tile(Dims({16, 64}), DataType::FP32, MemorySpace::Vec, Dims({8, 64}));
  ExpectCallError("tile.reinterpret_view", {part, Tup({32, 64})}, {{"dtype", DataType::FP16}},
                  {"tile.reinterpret_view", "'shape'"});
}

TEST(OpsExtract, IntoLeft) {
  auto src = Tile(Dims({64, 64}), DataType::FP16, MemorySpace::Mat, Dims({40, 64}));
  auto c = Call("tile.extract", {src, I(32), I(0), Tup({16, 64})},
                {{"target_memory", MemorySpace::Left}});
  const auto& t = TileOf(c);
  EXPECT_EQ(t.memory, MemorySpace::Left);
  EXPECT_EQ(ShapeStr(t.valid()), "[8, 64]");
  EXPECT_EQ(t.EffectiveView().blayout, ir::TileLayout::row_major);
  EXPECT_EQ(t.EffectiveView().slayout, ir::TileLayout::row_major);
  EXPECT_EQ(t.EffectiveView().compact, ir::CompactMode::normal);
}

TEST(OpsExtract, Rejections) {
  ExpectCallError("tile.extract", {Tile({64, 64}), I(60), I(0), Tup({16, 64})}, {},
                  {"tile.extract", "'shape'", "[64, 64]"});
  ExpectCallError("tile.extract", {Tile({64}), I(0), I(0), Tup({16, 64})}, {},
                  {"tile.extract", "'src'"});
  ExpectCallError("tile.extract", {Tile({64, 64}), ir::MakeConstFloat(1.0), I(0), Tup({16, 64})},
                  {}, {"tile.extract", "'index_row'"});
}

TEST(OpsSetValidShape, ReplacesValid) {
  auto rows = Scalar(DataType::INDEX, "r");
  auto c = Call("tile.set_validshape", {Tile({64, 64}), rows, I(32)});
  EXPECT_EQ(TileOf(c).valid().size(), 2u);
  EXPECT_TRUE(ir::ExprEqual(TileOf(c).valid()[0], rows));
}

TEST(OpsSetValidShape, Rejections) {
  ExpectCallError("tile.set_validshape", {Tile({64, 64}), I(65), I(32)}, {},
                  {"tile.set_validshape", "'valid_rows'", "65"});
  ExpectCallError("tile.set_validshape", {Tile({64, 64}), I(6), I(-1)}, {},
                  {"tile.set_validshape", "'valid_cols'"});
}

TEST(OpsTranspose, SwapsAxesFullyValid) {
  auto in = Tile(Dims({16, 64}), DataType::FP32, MemorySpace::Vec, Dims({10, 64}));
  auto c = Call("tile.transpose", {in, I(0), I(-1)});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[64, 16], pl.FP32, pl.Mem.Vec]");
  EXPECT_EQ(FindOp("tile.transpose")->lane_invariant_kind(3), LaneInvariantKind::Scratch);
}

TEST(OpsTranspose, Rejections) {
  ExpectCallError("tile.transpose", {Tile({16, 64}), I(1), I(-1)}, {},
                  {"tile.transpose", "'axis2'"});
  ExpectCallError("tile.transpose", {Tile({16, 64}), I(2), I(0)}, {},
                  {"tile.transpose", "'axis1'"});
  ExpectCallError("tile.transpose", {Tile({64}), I(0), I(0)}, {}, {"tile.transpose", "'input'"});
  ExpectCallError("tile.transpose", {Tile({16, 64}), I(0), I(1), Tile({64, 16}, DataType::FP16)},
                  {}, {"tile.transpose", "'tmp'"});
}

TEST(OpsTransposeView, SwapsAndFlips) {
  auto in = Tile(Dims({16, 64}), DataType::FP32, MemorySpace::Vec, Dims({10, 64}));
  auto c = Call("tile.transpose_view", {in});
  const auto& t = TileOf(c);
  EXPECT_EQ(ShapeStr(t.shape), "[64, 16]");
  EXPECT_EQ(ShapeStr(t.valid()), "[64, 10]");
  EXPECT_EQ(t.EffectiveView().blayout, ir::TileLayout::col_major);
  EXPECT_EQ(t.EffectiveView().slayout, ir::TileLayout::none_box);
}

TEST(OpsTransposeView, RankOneRejected) {
  ExpectCallError("tile.transpose_view", {Tile({64})}, {}, {"tile.transpose_view", "'input'"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
