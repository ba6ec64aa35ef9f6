// ops.md 2.6-2.8 and 2.11: reductions, compare/sort, MX quantisation, signalling.
#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsRowSum, SpecShapeWithFullWidthScratch) {
  auto c = Call("tile.row_sum", {Tile({128, 128}), Tile({256, 128})});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[128, 1], pl.FP32, pl.Mem.Vec]");
  EXPECT_EQ(TileOf(c).EffectiveView().blayout, ir::TileLayout::col_major);
  for (const char* n : {"tile.row_sum", "tile.row_max", "tile.row_min", "tile.col_sum"})
    EXPECT_EQ(FindOp(n)->lane_invariant_kind(1), LaneInvariantKind::Scratch) << n;
  EXPECT_FALSE(FindOp("tile.row_argmax")->lane_invariant_kind(1).has_value());
}

TEST(OpsRowSum, ValidLastDimBecomesOne) {
  auto in = Tile(Dims({128, 128}), DataType::FP32, MemorySpace::Vec, Dims({100, 60}));
  auto c = Call("tile.row_max", {in, Tile({128, 128})});
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[100, 1]");
}

TEST(OpsRowSum, Rejections) {
  ExpectCallError("tile.row_sum", {Tile({128, 128}), Tile({64, 128})}, {},
                  {"tile.row_sum", "'tmp_tile'", "[64, 128]"});
  ExpectCallError("tile.row_sum", {Tile({128, 128}), Tile({128, 128}, DataType::FP16)}, {},
                  {"tile.row_sum", "'tmp_tile'", "FP16"});
  ExpectCallError("tile.row_sum", {Tile({128}), Tile({128})}, {}, {"tile.row_sum", "'tile'"});
  auto empty = Tile(Dims({128, 128}), DataType::FP32, MemorySpace::Vec, Dims({0, 128}));
  ExpectCallError("tile.row_sum", {empty, Tile({128, 128})}, {},
                  {"tile.row_sum", "'tile'", "empty"});
  ExpectCallError("tile.row_min", {Tile({16, 16}, DataType::BF16), Tile({16, 16}, DataType::BF16)},
                  {}, {"tile.row_min", "'tile'", "BF16"});
  // A Mat tile is refused for its space (vector ops read Vec) before its layout is looked at.
  ExpectCallError("tile.row_min",
                  {Tile({16, 16}, DataType::FP32, MemorySpace::Mat), Tile({16, 16})}, {},
                  {"tile.row_min", "'tile'", "Mat", "only from Vec"});
}

TEST(OpsRowArgmax, ExactTmp) {
  auto c = Call("tile.row_argmax", {Tile({64, 32}), Tile({64, 32})});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[64, 1], pl.INT32, pl.Mem.Vec]");
  ExpectCallError("tile.row_argmin", {Tile({64, 32}), Tile({128, 32})}, {},
                  {"tile.row_argmin", "'tmp_tile'", "[128, 32]"});
}

TEST(OpsColSum, FirstDimBecomesOne) {
  auto in = Tile(Dims({64, 32}), DataType::FP32, MemorySpace::Vec, Dims({10, 20}));
  auto c = Call("tile.col_sum", {in});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[1, 32]");
  EXPECT_EQ(ShapeStr(TileOf(c).valid()), "[1, 20]");
  auto d = Call("tile.col_max", {Tile({64, 32})});
  EXPECT_EQ(ir::TypeToString(d->type), "pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec]");
  ExpectCallError("tile.col_sum", {Tile({64, 32}), Tile({64, 32}, DataType::FP16)}, {},
                  {"tile.col_sum", "'tmp_tile'", "FP16"});
  ExpectCallError("tile.col_min", {I(3)}, {}, {"tile.col_min", "'tile'"});
}

TEST(OpsGatherCompare, TupleResult) {
  auto c = Call(
      "tile.gather_compare", {Tile({16, 256}), ir::MakeConstFloat(0.5), Tile({16, 256})},
      {{"cmp_mode", int64_t{2}}, {"out_cols", int64_t{64}}, {"count_dtype", DataType::UINT32}});
  EXPECT_EQ(ir::TypeToString(c->type),
            "pl.Tuple[pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 16], pl.UINT32, "
            "pl.Mem.Vec]]");
}

TEST(OpsGatherCompare, Rejections) {
  ir::AttrMap kw{{"cmp_mode", int64_t{2}}, {"out_cols", int64_t{64}}};
  ExpectCallError(
      "tile.gather_compare", {Tile({16, 256}), ir::MakeConstFloat(0.5), Tile({16, 256})},
      {{"cmp_mode", int64_t{6}}, {"out_cols", int64_t{64}}}, {"tile.gather_compare", "'cmp_mode'"});
  ExpectCallError(
      "tile.gather_compare", {Tile({16, 256}), ir::MakeConstFloat(0.5), Tile({16, 256})},
      {{"cmp_mode", int64_t{1}}, {"out_cols", int64_t{0}}}, {"tile.gather_compare", "'out_cols'"});
  ExpectCallError("tile.gather_compare", {Tile({16, 256}, DataType::UINT8), I(1), Tile({16, 256})},
                  kw, {"tile.gather_compare", "'src'", "UINT8"});
  ExpectCallError("tile.gather_compare", {Tile({16, 256}), I(1), Tile({16, 256})}, kw,
                  {"tile.gather_compare", "'kvalue'"});
  auto bad = kw;
  bad.push_back({"count_dtype", DataType::INT16});
  ExpectCallError("tile.gather_compare",
                  {Tile({16, 256}), ir::MakeConstFloat(0.5), Tile({16, 256})}, bad,
                  {"tile.gather_compare", "'count_dtype'"});
}

TEST(OpsMrgSort, ShapeFromTmpAtEveryArity) {
  auto s = Tile({1, 256}, DataType::FP32);
  auto tmp = Tile({1, 1024}, DataType::FP32);
  auto c3 = Call("tile.mrgsort_format2", {s, s, tmp});
  EXPECT_EQ(ShapeStr(TileOf(c3).shape), "[1, 1024]");
  auto c5 = Call("tile.mrgsort_format2", {s, s, s, s, tmp}, {{"exhausted", true}});
  EXPECT_EQ(ShapeStr(TileOf(c5).shape), "[1, 1024]");
  EXPECT_FALSE(FindOp("tile.mrgsort_format2")->lane_invariant_kind(2).has_value());
}

TEST(OpsMrgSort, Rejections) {
  auto s = Tile({1, 256}, DataType::FP32);
  ExpectCallError("tile.mrgsort_format2", {s, s}, {}, {"tile.mrgsort_format2", "3 to 5", "got 2"});
  ExpectCallError("tile.mrgsort_format2", {s, s, s, s, s, s}, {},
                  {"tile.mrgsort_format2", "got 6"});
  ExpectCallError("tile.mrgsort_format2", {s, Tile({1, 256}, DataType::FP16), s}, {},
                  {"tile.mrgsort_format2", "'src1'", "FP16"});
  ExpectCallError("tile.mrgsort_format2", {Tile({1, 256}, DataType::INT32), s, s}, {},
                  {"tile.mrgsort_format2", "'src0'", "INT32"});
  ExpectCallError("tile.mrgsort_format2", {s, s, I(0)}, {}, {"tile.mrgsort_format2", "'tmp'"});
}

TEST(OpsTQuantMx, TupleOfValuesAndScales) {
  auto c = Call("tile.tquant_mx", {Tile({32, 64}, DataType::FP32, std::nullopt)},
                {{"dtype", DataType::FP8E5M2}});
  EXPECT_EQ(ir::TypeToString(c->type),
            "pl.Tuple[pl.Tile[[32, 64], pl.FP8E5M2, pl.Mem.Vec], pl.Tile[[32, 2], pl.FP8E8M0, "
            "pl.Mem.Vec]]");
}

TEST(OpsTQuantMx, Rejections) {
  ExpectCallError("tile.tquant_mx", {Tile({8, 64})}, {},
                  {"tile.tquant_mx", "'src'", "M = 8", "16"});
  ExpectCallError("tile.tquant_mx", {Tile({16, 48})}, {}, {"tile.tquant_mx", "'src'", "N = 48"});
  ExpectCallError("tile.tquant_mx", {Tile({16, 64}, DataType::INT8)}, {},
                  {"tile.tquant_mx", "'src'", "INT8"});
  ExpectCallError("tile.tquant_mx", {Tile({16, 64})}, {{"dtype", DataType::FP16}},
                  {"tile.tquant_mx", "'dtype'"});
}

TEST(OpsTQuantMxRaw, ScratchMatchesGroups) {
  auto c = Call("tile.tquant_mx_raw", {Tile({32, 64}), Tile({1, 64})});
  EXPECT_NE(c->type->As<ir::TupleType>(), nullptr);
  // A halved src with the full scratch is refused.
  ExpectCallError("tile.tquant_mx_raw", {Tile({16, 64}), Tile({1, 64})}, {},
                  {"tile.tquant_mx_raw", "'scratch'", "[1, 32]"});
}

TEST(OpsSignal, NotifyAndWait) {
  auto sig = Tensor(Dims({8}), DataType::INT32);
  auto n = Call("pld.system.notify", {sig, I(1), Tup({0}), I(1)}, {{"op", int64_t{1}}});
  EXPECT_EQ(n->type, nullptr);
  auto w = Call("pld.system.wait", {sig, Tup({0}), I(1)}, {{"cmp", int64_t{0}}});
  EXPECT_EQ(w->type, nullptr);
  EXPECT_TRUE(FindOp("pld.system.notify")->is_no_duplicate());
  EXPECT_FALSE(FindOp("pld.system.wait")->is_no_duplicate());
  EXPECT_FALSE(FindOp("pld.system.wait")->declared_affinity().has_value());
}

TEST(OpsSignal, Rejections) {
  auto sig = Tensor(Dims({8}), DataType::INT32);
  ExpectCallError("pld.system.notify", {sig, I(1), Tup({0}), I(1)}, {{"op", int64_t{2}}},
                  {"pld.system.notify", "'op'"});
  ExpectCallError("pld.system.notify", {sig, I(1), Tup({0, 0}), I(1)}, {{"op", int64_t{0}}},
                  {"pld.system.notify", "'offsets'"});
  ExpectCallError("pld.system.notify", {sig, ir::MakeConstFloat(1.0), Tup({0}), I(1)},
                  {{"op", int64_t{0}}}, {"pld.system.notify", "'peer'"});
  ExpectCallError("pld.system.wait", {Tile({8}), Tup({0}), I(1)}, {{"cmp", int64_t{0}}},
                  {"pld.system.wait", "'signal'"});
  ExpectCallError("pld.system.wait", {sig, Tup({0}), I(1)}, {{"cmp", int64_t{3}}},
                  {"pld.system.wait", "'cmp'"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
