// ops.md 2.2: tile.full, tile.create, tile.ci, tile.random.
#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsFull, VecTileOfDType) {
  auto c =
      Call("tile.full", {Tup({64, 512}), ir::MakeConstFloat(0.0)}, {{"dtype", DataType::BF16}});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[64, 512], pl.BF16, pl.Mem.Vec]");
  EXPECT_TRUE(FindOp("tile.full")->is_generator());
}

TEST(OpsFull, ShapeMustBeStaticPositive) {
  ExpectCallError("tile.full", {Tup({64, 0}), I(0)}, {{"dtype", DataType::FP32}},
                  {"tile.full", "'shape'", "[64, 0]"});
  ExpectCallError("tile.full", {Tup({Scalar(DataType::INDEX), I(4)}), I(0)},
                  {{"dtype", DataType::FP32}}, {"tile.full", "'shape'"});
}

TEST(OpsFull, ValueMustBeConstant) {
  ExpectCallError("tile.full", {Tup({4, 4}), Scalar(DataType::FP32)}, {{"dtype", DataType::FP32}},
                  {"tile.full", "'value'"});
}

TEST(OpsCreate, DefaultUnresolved) {
  auto c = Call("tile.create", {Tup({256, 128})}, {{"dtype", DataType::FP32}});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[256, 128], pl.FP32]");
  const OpDef& d = *FindOp("tile.create");
  EXPECT_EQ(d.declared_affinity(), CoreAffinity::SHARED);
  EXPECT_TRUE(d.is_generator());
}

TEST(OpsCreate, AccTargetStamped) {
  auto c = Call("tile.create", {Tup({64, 64})},
                {{"dtype", DataType::FP32}, {"target_memory", MemorySpace::Acc}});
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Acc);
  EXPECT_EQ(TileOf(c).EffectiveView().fractal, 1024);
}

TEST(OpsCreate, TransposeMatLayout) {
  auto c =
      Call("tile.create", {Tup({64, 32})},
           {{"dtype", DataType::FP16}, {"target_memory", MemorySpace::Mat}, {"transpose", true}});
  const auto v = TileOf(c).EffectiveView();
  EXPECT_EQ(v.blayout, ir::TileLayout::row_major);
  EXPECT_EQ(v.slayout, ir::TileLayout::col_major);
}

TEST(OpsCreate, FlatLayout) {
  auto c =
      Call("tile.create", {Tup({64, 32})},
           {{"dtype", DataType::FP16}, {"target_memory", MemorySpace::Mat}, {"flat_layout", true}});
  EXPECT_EQ(TileOf(c).EffectiveView().slayout, ir::TileLayout::none_box);
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Mat);
}

TEST(OpsCreate, Rejections) {
  ExpectCallError(
      "tile.create", {Tup({64, 32})},
      {{"dtype", DataType::FP16}, {"target_memory", MemorySpace::Vec}, {"transpose", true}},
      {"tile.create", "'transpose'"});
  ExpectCallError("tile.create", {Tup({64, 32})},
                  {{"dtype", DataType::FP16}, {"flat_layout", true}},
                  {"tile.create", "'flat_layout'"});
  ExpectCallError("tile.create", {Tup({64, 32})},
                  {{"dtype", DataType::UINT8}, {"target_memory", MemorySpace::LeftScale}},
                  {"tile.create", "'target_memory'", "LeftScale"});
  ExpectCallError("tile.create", {Tup({64, -1})}, {{"dtype", DataType::FP16}},
                  {"tile.create", "'shape'"});
}

TEST(OpsCi, CountingRow) {
  auto c = Call("tile.ci", {I(0), Tup({1, 128})}, {{"dtype", DataType::INT32}});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[1, 128], pl.INT32, pl.Mem.Vec]");
}

TEST(OpsCi, Rejections) {
  ExpectCallError("tile.ci", {I(0), Tup({2, 128})}, {{"dtype", DataType::INT32}},
                  {"tile.ci", "'shape'", "[2, 128]"});
  ExpectCallError("tile.ci", {I(0), Tup({128, 1})}, {{"dtype", DataType::INT32}},
                  {"tile.ci", "'shape'", "last"});
  ExpectCallError("tile.ci", {I(0), Tup({1, 128})}, {{"dtype", DataType::FP32}},
                  {"tile.ci", "'dtype'", "FP32"});
  ExpectCallError("tile.ci", {ir::MakeConstFloat(0.5), Tup({1, 128})}, {{"dtype", DataType::INT32}},
                  {"tile.ci", "'start'"});
}

TEST(OpsRandom, ShapeAndValid) {
  std::vector<ExprPtr> args{I(1), I(2), I(3), I(4), I(5), I(6), Tup({16, 64}), Tup({16, 60})};
  auto c = Call("tile.random", args, {{"dtype", DataType::UINT32}});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[16, 60]");
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Vec);
}

TEST(OpsRandom, Rejections) {
  std::vector<ExprPtr> args{I(1), I(2), I(3), I(4), I(5), I(6), Tup({16, 64})};
  ExpectCallError("tile.random", args, {{"dtype", DataType::FP32}}, {"tile.random", "'dtype'"});
  ExpectCallError("tile.random", args, {{"dtype", DataType::INT32}, {"rounds", int64_t{8}}},
                  {"tile.random", "'rounds'"});
  auto bad_valid = args;
  bad_valid.push_back(Tup({17, 64}));
  ExpectCallError("tile.random", bad_valid, {{"dtype", DataType::INT32}},
                  {"tile.random", "'valid_shape'"});
  auto three_d = args;
  three_d[6] = Tup({2, 16, 64});
  ExpectCallError("tile.random", three_d, {{"dtype", DataType::INT32}},
                  {"tile.random", "'shape'", "2D"});
  auto float_key = args;
  float_key[0] = ir::MakeConstFloat(1.0);
  ExpectCallError("tile.random", float_key, {{"dtype", DataType::INT32}},
                  {"tile.random", "'key0'"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
