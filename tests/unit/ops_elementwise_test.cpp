// ops.md 1.4 and 2.3: broadcasting, promotion and the elementwise ops.
#include "ops_test_util.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsPromote, Rules) {
  EXPECT_EQ(Promote(DataType::FP16, DataType::FP16), DataType::FP16);
  EXPECT_EQ(Promote(DataType::INT32, DataType::FP16), DataType::FP16);
  EXPECT_EQ(Promote(DataType::FP16, DataType::FP32), DataType::FP32);
  EXPECT_EQ(Promote(DataType::FP16, DataType::BF16), DataType::FP32);
  EXPECT_EQ(Promote(DataType::UINT8, DataType::INT16), DataType::INT16);
  EXPECT_EQ(Promote(DataType::UINT16, DataType::INT8), DataType::INT16);
  EXPECT_EQ(Promote(DataType::UINT8, DataType::UINT32), DataType::UINT32);
  EXPECT_FALSE(Promote(DataType::BOOL, DataType::INT32).has_value());
}

// The casts convert-tensor-to-tile-ops makes before a mixed-dtype elementwise op: only those that
// keep every value.
TEST(OpsExactCast, KeepsEveryValue) {
  EXPECT_TRUE(ExactCast(DataType::INT16, DataType::FP32));
  EXPECT_TRUE(ExactCast(DataType::UINT16, DataType::FP32));
  EXPECT_TRUE(ExactCast(DataType::FP16, DataType::FP32));
  EXPECT_TRUE(ExactCast(DataType::BF16, DataType::FP32));
  EXPECT_TRUE(ExactCast(DataType::INT8, DataType::FP16));
  EXPECT_TRUE(ExactCast(DataType::UINT8, DataType::BF16));
  EXPECT_TRUE(ExactCast(DataType::INT8, DataType::INT16));
  EXPECT_TRUE(ExactCast(DataType::UINT8, DataType::INT16));
  EXPECT_TRUE(ExactCast(DataType::UINT16, DataType::UINT32));
  EXPECT_FALSE(ExactCast(DataType::INT32, DataType::FP32));   // above 2^24 rounds
  EXPECT_FALSE(ExactCast(DataType::INT16, DataType::FP16));   // above 2^11 rounds
  EXPECT_FALSE(ExactCast(DataType::FP16, DataType::BF16));    // fewer significand bits
  EXPECT_FALSE(ExactCast(DataType::FP32, DataType::INT32));   // fractions
  EXPECT_FALSE(ExactCast(DataType::UINT8, DataType::INT8));   // 200 wraps
  EXPECT_FALSE(ExactCast(DataType::INT8, DataType::UINT16));  // negatives wrap
  EXPECT_FALSE(ExactCast(DataType::BOOL, DataType::INT32));
}

TEST(OpsAdd, SameShape) {
  auto c = Call("tile.add", {Tile({128, 128}), Tile({128, 128})});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec]");
}

TEST(OpsAdd, BroadcastsRowVectorAndRankOne) {
  auto a = Call("tile.add", {Tile({128, 128}), Tile({128})});
  EXPECT_EQ(ShapeStr(TileOf(a).shape), "[128, 128]");
  auto b = Call("tile.mul", {Tile({128, 128}), Tile({1, 128})});
  EXPECT_EQ(ShapeStr(TileOf(b).shape), "[128, 128]");
  auto c = Call("tile.sub", {Tile({128, 1}), Tile({128, 128})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[128, 128]");
}

TEST(OpsAdd, RankOneLhsValidIsRightAligned) {
  auto lhs = Tile(Dims({128}), DataType::FP32, MemorySpace::Vec, Dims({100}));
  auto c = Call("tile.add", {lhs, Tile({64, 128})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[64, 100]");
}

TEST(OpsAdd, ValidFromLhs) {
  auto lhs = Tile(Dims({128, 128}), DataType::FP32, MemorySpace::Vec, Dims({100, 128}));
  auto rhs = Tile(Dims({128, 128}), DataType::FP32, MemorySpace::Vec, Dims({50, 128}));
  auto c = Call("tile.maximum", {lhs, rhs});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[100, 128]");
}

TEST(OpsAdd, PromotesDType) {
  auto c = Call("tile.minimum", {Tile({16, 16}, DataType::FP16), Tile({16, 16}, DataType::FP32)});
  EXPECT_EQ(TileOf(c).dtype, DataType::FP32);
}

TEST(OpsAdd, BroadcastErrorNamesArgAndShapes) {
  ExpectCallError("tile.add", {Tile({128, 128}), Tile({128, 64})}, {},
                  {"tile.add: argument 'rhs' shape [128, 64] does not broadcast with lhs shape "
                   "[128, 128]"});
  ExpectCallError("tile.add", {Tile({128, 64}), Tile({128})}, {},
                  {"tile.add", "'rhs'", "[128]", "[128, 64]"});
}

TEST(OpsAdd, NonPromotableDTypes) {
  ExpectCallError("tile.add", {Tile({16, 16}, DataType::BOOL), Tile({16, 16}, DataType::INT32)}, {},
                  {"tile.add", "'rhs'", "INT32", "BOOL"});
}

TEST(OpsAdd, OperandMustBeTile) {
  ExpectCallError("tile.add", {Tile({16, 16}), Scalar(DataType::FP32)}, {},
                  {"tile.add", "'rhs'", "must be a tile"});
}

TEST(OpsDiv, ExactShapes) {
  auto c = Call("tile.div", {Tile({16, 16}), Tile({16, 16})}, {{"high_precision", true}});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[16, 16]");
}

TEST(OpsDiv, Rejections) {
  ExpectCallError("tile.div", {Tile({16, 16}), Tile({1, 16})}, {},
                  {"tile.div", "'rhs'", "[1, 16]", "no broadcasting"});
  ExpectCallError("tile.div", {Tile({16, 16}, DataType::BF16), Tile({16, 16}, DataType::BF16)}, {},
                  {"tile.div", "'lhs'", "BF16"});
  ExpectCallError("tile.div", {Tile({16, 16}, DataType::FP32), Tile({16, 16}, DataType::FP16)}, {},
                  {"tile.div", "'rhs'", "FP16"});
  ExpectCallError("tile.div", {Tile({16, 16}, DataType::INT32), Tile({16, 16}, DataType::INT32)},
                  {{"high_precision", true}}, {"tile.div", "'high_precision'"});
  auto v1 = Tile(Dims({16, 16}), DataType::FP32, MemorySpace::Vec, Dims({8, 16}));
  ExpectCallError("tile.div", {Tile({16, 16}), v1}, {}, {"tile.div", "'rhs'", "valid"});
}

TEST(OpsTileScalar, KeepsTileType) {
  for (const char* n :
       {"tile.adds", "tile.subs", "tile.muls", "tile.divs", "tile.maximums", "tile.minimums"}) {
    auto t = Tile({16, 32});
    auto c = Call(n, {t, ir::MakeConstFloat(1.0)});
    EXPECT_TRUE(ir::TypeEqual(c->type, t->type)) << n;
  }
}

TEST(OpsTileScalar, Rejections) {
  ExpectCallError("tile.adds", {Tile({16, 32}), Tile({16, 32})}, {},
                  {"tile.adds", "'scalar'", "must be a scalar"});
  ExpectCallError("tile.subs", {Tile({16, 32}, DataType::UINT8), I(1)}, {},
                  {"tile.subs", "'tile'", "UINT8"});
}

TEST(OpsUnary, KeepsType) {
  for (const char* n : {"tile.exp", "tile.neg", "tile.sqrt", "tile.abs", "tile.relu", "tile.log",
                        "tile.recip", "tile.rsqrt"}) {
    auto t = Tile({16, 32}, DataType::FP16);
    auto c = Call(n, {t});
    EXPECT_TRUE(ir::TypeEqual(c->type, t->type)) << n;
  }
}

TEST(OpsUnary, Rejections) {
  ExpectCallError("tile.exp", {Scalar(DataType::FP32)}, {}, {"tile.exp", "'tile'"});
  ExpectCallError("tile.log", {Tile({16, 16}, DataType::INT32)}, {},
                  {"tile.log", "'tile'", "INT32"});
  ExpectCallError("tile.rsqrt", {Tile({16, 16}), Tile({16, 8})}, {}, {"tile.rsqrt", "'tmp'"});
  ExpectCallError("tile.rsqrt", {Tile({16, 16}), Tile({16, 16}, DataType::FP16)}, {},
                  {"tile.rsqrt", "'tmp'"});
}

TEST(OpsRsqrt, MatchingTmp) {
  auto c = Call("tile.rsqrt", {Tile({16, 16}), Tile({16, 16})});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[16, 16]");
}

TEST(OpsCast, ChangesDTypeOnly) {
  auto t = Tile(Dims({16, 16}), DataType::FP32, MemorySpace::Vec, Dims({10, 16}));
  auto c = Call("tile.cast", {t}, {{"target_type", DataType::FP16}, {"mode", int64_t{2}}});
  EXPECT_EQ(TileOf(c).dtype, DataType::FP16);
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[10, 16]");
}

TEST(OpsCast, Rejections) {
  ExpectCallError("tile.cast", {Tile({16, 16})},
                  {{"target_type", DataType::FP32}, {"mode", int64_t{2}}},
                  {"tile.cast", "'target_type'", "FP32"});
  ExpectCallError("tile.cast", {Tile({16, 16})},
                  {{"target_type", DataType::FP16}, {"mode", int64_t{7}}}, {"tile.cast", "'mode'"});
  ExpectCallError("tile.cast", {Tile({16, 16})}, {{"target_type", DataType::FP16}},
                  {"tile.cast", "'mode'"});
}

TEST(OpsElementwise, InputAndOutputMemory) {
  const OpDef& d = *FindOp("tile.add");
  ASSERT_NE(d.allowed_input_memory(1), nullptr);
  EXPECT_EQ(*d.allowed_input_memory(1), std::vector<MemorySpace>{MemorySpace::Vec});
  EXPECT_EQ(d.ResolveOutputMemory({}), MemorySpace::Vec);
}

}  // namespace
}  // namespace tilesplit::ops::testing
