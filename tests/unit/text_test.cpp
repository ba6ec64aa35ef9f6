// Canonical expression / type / literal text (dsl.md 9 items 5-8, 5.3, 5.4).
#include "tilesplit/ir/text.h"

#include <gtest/gtest.h>

#include <limits>
#include <memory>

#include "tilesplit/ops/op_def.h"

namespace tilesplit::ir {
namespace {

ExprPtr IVar(const std::string& name) {
  return MakeVar(name, MakeScalarType(DataType::INDEX));
}
ExprPtr BVar(const std::string& name) {
  return MakeVar(name, MakeScalarType(DataType::BOOL));
}

// Builds a node directly, bypassing folding and type checks, to exercise shapes the builders
// would never produce (e.g. a comparison of comparisons).
ExprPtr Raw(BinaryOp op, ExprPtr a, ExprPtr b) {
  return std::make_shared<Binary>(op, a, b, MakeScalarType(DataType::BOOL), Span{});
}

TEST(FloatToString, ShortestRoundTripWithPointZero) {
  EXPECT_EQ(FloatToString(0.0), "0.0");
  EXPECT_EQ(FloatToString(1.0), "1.0");
  EXPECT_EQ(FloatToString(0.1), "0.1");
  EXPECT_EQ(FloatToString(1.5), "1.5");
  EXPECT_EQ(FloatToString(-2.0), "-2.0");
  EXPECT_EQ(FloatToString(1e16), "1e+16");
  EXPECT_EQ(FloatToString(1e-3), "0.001");
  EXPECT_EQ(FloatToString(100.0), "100.0");
  double third = 1.0 / 3.0;
  EXPECT_EQ(std::stod(FloatToString(third)), third);
}

TEST(ExprText, Constants) {
  EXPECT_EQ(ExprToString(MakeConstInt(64)), "64");
  EXPECT_EQ(ExprToString(MakeConstInt(-1)), "-1");
  EXPECT_EQ(ExprToString(MakeConstInt(5, DataType::INT64)), "pl.const(5, pl.INT64)");
  EXPECT_EQ(ExprToString(MakeConstInt(-3, DataType::INT32)), "pl.const(-3, pl.INT32)");
  EXPECT_EQ(ExprToString(MakeConstFloat(0.5)), "0.5");
  EXPECT_EQ(ExprToString(MakeConstFloat(2.0)), "2.0");
  EXPECT_EQ(ExprToString(MakeConstFloat(1.0, DataType::FP16)), "pl.const(1.0, pl.FP16)");
  EXPECT_EQ(ExprToString(MakeConstBool(true)), "True");
  EXPECT_EQ(ExprToString(MakeConstBool(false)), "False");
}

TEST(ExprText, PrecedenceExamplesFromTheContract) {
  auto idx = IVar("subblock_idx");
  EXPECT_EQ(ExprToString(Add(Index(0), Mul(idx, Index(64)))), "0 + subblock_idx * 64");
  auto a = IVar("a"), b = IVar("b"), c = IVar("c");
  EXPECT_EQ(ExprToString(Sub(a, Sub(b, c))), "a - (b - c)");
  EXPECT_EQ(ExprToString(Sub(Sub(a, b), c)), "a - b - c");
  EXPECT_EQ(ExprToString(Mul(Add(a, b), c)), "(a + b) * c");
  EXPECT_EQ(ExprToString(Add(a, Mul(b, c))), "a + b * c");
  EXPECT_EQ(ExprToString(MakeBinary(BinaryOp::FloorDiv, a, Mul(b, c))), "a // (b * c)");
  EXPECT_EQ(ExprToString(MakeBinary(BinaryOp::FloorMod, Mul(a, b), c)), "a * b % c");
}

TEST(ExprText, MinMaxCastTupleForms) {
  auto a = IVar("a"), b = IVar("b");
  EXPECT_EQ(ExprToString(Min(Max(Index(13), Mul(a, Index(7))), Index(7))),
            "pl.min(pl.max(13, a * 7), 7)");
  EXPECT_EQ(ExprToString(Mul(Min(a, b), Index(2))), "pl.min(a, b) * 2");
  EXPECT_EQ(ExprToString(MakeCast(a, DataType::INT32)), "pl.cast(a, pl.INT32)");
  auto t = MakeTupleExpr({a, b});
  EXPECT_EQ(ExprToString(t), "[a, b]");
  EXPECT_EQ(ExprToString(MakeTupleExpr({})), "[]");
  auto tv = MakeVar("t", t->type);
  EXPECT_EQ(ExprToString(MakeTupleGetItem(tv, 1)), "t[1]");
}

TEST(ExprText, ComparisonsAndLogic) {
  auto a = IVar("a"), b = IVar("b"), c = IVar("c");
  auto p = BVar("p"), q = BVar("q"), r = BVar("r");
  EXPECT_EQ(ExprToString(MakeBinary(BinaryOp::Lt, Add(a, b), c)), "a + b < c");
  // A comparison under a comparison is parenthesised on either side.
  EXPECT_EQ(ExprToString(Raw(BinaryOp::Eq, Raw(BinaryOp::Lt, a, b), p)), "(a < b) == p");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::Eq, p, Raw(BinaryOp::Lt, a, b))), "p == (a < b)");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::And, Raw(BinaryOp::And, p, q), r)), "p and q and r");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::And, p, Raw(BinaryOp::And, q, r))), "p and (q and r)");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::And, Raw(BinaryOp::Or, p, q), r)), "(p or q) and r");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::Or, Raw(BinaryOp::And, p, q), r)), "p and q or r");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::And, Raw(BinaryOp::Lt, a, b), q)), "a < b and q");
}

TEST(ExprText, UnaryParenthesisation) {
  auto a = IVar("a"), b = IVar("b");
  auto p = BVar("p"), q = BVar("q");
  EXPECT_EQ(ExprToString(MakeUnary(UnaryOp::Neg, a)), "-a");
  EXPECT_EQ(ExprToString(MakeUnary(UnaryOp::Neg, Add(a, b))), "-(a + b)");
  EXPECT_EQ(ExprToString(MakeUnary(UnaryOp::Neg, MakeUnary(UnaryOp::Neg, a))), "- -a");
  EXPECT_EQ(ExprToString(MakeUnary(UnaryOp::Neg, Min(a, b))), "-pl.min(a, b)");
  EXPECT_EQ(ExprToString(Mul(MakeUnary(UnaryOp::Neg, a), b)), "-a * b");
  EXPECT_EQ(ExprToString(Sub(a, MakeUnary(UnaryOp::Neg, b))), "a - -b");
  auto not_p = std::make_shared<Unary>(UnaryOp::Not, p, p->type, Span{});
  EXPECT_EQ(ExprToString(not_p), "not p");
  EXPECT_EQ(ExprToString(std::make_shared<Unary>(UnaryOp::Not, not_p, p->type, Span{})),
            "not not p");
  EXPECT_EQ(
      ExprToString(std::make_shared<Unary>(UnaryOp::Not, Raw(BinaryOp::Lt, a, b), p->type, Span{})),
      "not a < b");
  EXPECT_EQ(ExprToString(
                std::make_shared<Unary>(UnaryOp::Not, Raw(BinaryOp::And, p, q), p->type, Span{})),
            "not (p and q)");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::Eq, not_p, q)), "(not p) == q");
  EXPECT_EQ(ExprToString(Raw(BinaryOp::And, not_p, q)), "not p and q");
}

TEST(ExprText, NamerOverridesHints) {
  auto a = IVar("a");
  VarNamer namer = [](const Var* v) { return v->name + "_9"; };
  EXPECT_EQ(ExprToString(Add(a, Index(1)), namer), "a_9 + 1");
}

class TestOp : public OpBase {
 public:
  using OpBase::OpBase;
};

TEST(ExprText, CallsUseTheLongFormAndKwargsInStoredOrder) {
  static TestOp add("tile.add"), notify("pld.system.notify"), tfree("system.tfree_to_aic");
  static TestOp not_op("tile.not");
  auto t = MakeVar("t", MakeTileType({Index(16), Index(16)}, DataType::FP32));
  auto u = MakeVar("u", t->type);
  EXPECT_EQ(ExprToString(MakeCall(&add, {t, u}, {}, t->type)), "pl.tile.add(t, u)");
  EXPECT_EQ(ExprToString(MakeCall(&notify, {t}, {{"op", int64_t{1}}}, nullptr)),
            "pld.system.notify(t, op=1)");
  EXPECT_EQ(
      ExprToString(MakeCall(&tfree, {t}, {{"split", int64_t{0}}, {"id", int64_t{2}}}, nullptr)),
      "pl.system.tfree_to_aic(t, split=0, id=2)");
  EXPECT_EQ(ExprToString(MakeCall(&not_op, {t}, {}, t->type)), "pl.tile.not_(t)");
  AttrMap kw = {{"target_type", DataType::BF16},
                {"mode", int64_t{2}},
                {"flag", true},
                {"scale", 0.5},
                {"name", std::string("a\"b")},
                {"mem", MemorySpace::Vec},
                {"split", SplitMode::UpDown},
                {"layout", TileLayout::row_major},
                {"pad", PadValue::zero}};
  EXPECT_EQ(ExprToString(MakeCall(&add, {t, MakeTupleExpr({Index(0), Index(0)})}, kw, t->type)),
            "pl.tile.add(t, [0, 0], target_type=pl.BF16, mode=2, flag=True, scale=0.5, "
            "name=\"a\\\"b\", mem=pl.Mem.Vec, split=pl.SplitMode.UP_DOWN, "
            "layout=pl.TileLayout.row_major, pad=pl.PadValue.zero)");
  // Trailing absent optional arguments are simply not written.
  EXPECT_EQ(ExprToString(MakeCall(&add, {t, nullptr}, {}, t->type)), "pl.tile.add(t)");
}

TEST(ExprText, ArgumentsAfterAnAbsentOneBindByName) {
  static ops::OpDef def("tile.fake");
  static bool built = [] {
    def.arg("src").opt_arg("mid").opt_arg("last");
    return true;
  }();
  ASSERT_TRUE(built);
  auto t = MakeVar("t", MakeTileType({Index(16), Index(16)}, DataType::FP32));
  EXPECT_EQ(ExprToString(MakeCall(&def, {t, nullptr, Index(3)}, {}, t->type)),
            "pl.tile.fake(t, last=3)");
}

TEST(AttrText, EveryKind) {
  EXPECT_EQ(AttrValueToString(int64_t{-4}), "-4");
  EXPECT_EQ(AttrValueToString(false), "False");
  EXPECT_EQ(AttrValueToString(1e16), "1e+16");
  EXPECT_EQ(AttrValueToString(std::string("x\\y\n")), "\"x\\\\y\\n\"");
  EXPECT_EQ(AttrValueToString(DataType::FP32), "pl.FP32");
  EXPECT_EQ(AttrValueToString(MemorySpace::Acc), "pl.Mem.Acc");
  EXPECT_EQ(AttrValueToString(SplitMode::None), "pl.SplitMode.NONE");
  EXPECT_EQ(AttrValueToString(SplitMode::LeftRight), "pl.SplitMode.LEFT_RIGHT");
  EXPECT_EQ(AttrValueToString(TileLayout::col_major), "pl.TileLayout.col_major");
  EXPECT_EQ(AttrValueToString(PadValue::min), "pl.PadValue.min");
}

TEST(TypeText, ScalarTensorTuple) {
  EXPECT_EQ(TypeToString(MakeScalarType(DataType::INDEX)), "pl.Scalar[pl.INDEX]");
  auto m = IVar("M");
  auto tensor = MakeTensorType({m, Index(128)}, DataType::FP16);
  EXPECT_EQ(TypeToString(tensor), "pl.Tensor[[M, 128], pl.FP16]");
  // A ConstInt dimension prints bare whatever its dtype.
  EXPECT_EQ(TypeToString(MakeTensorType({MakeConstInt(4, DataType::INT64)}, DataType::FP16)),
            "pl.Tensor[[4], pl.FP16]");
  TensorView view;
  view.valid_shape = {Add(m, Index(1)), Index(64)};
  view.layout = TensorLayout::NZ;
  EXPECT_EQ(TypeToString(MakeTensorType({m, Index(128)}, DataType::FP16, view)),
            "pl.Tensor[[M, 128], pl.FP16, pl.TensorView(valid_shape=[M + 1, 64], "
            "layout=pl.TensorLayout.NZ)]");
  TensorView strided;
  strided.stride = {Index(256), Index(1)};
  strided.pad = PadValue::max;
  EXPECT_EQ(TypeToString(MakeTensorType({Index(8), Index(8)}, DataType::FP32, strided)),
            "pl.Tensor[[8, 8], pl.FP32, pl.TensorView(stride=[256, 1], pad=pl.PadValue.max)]");
  auto tuple = MakeTupleType({MakeScalarType(DataType::BOOL), tensor});
  EXPECT_EQ(TypeToString(tuple), "pl.Tuple[pl.Scalar[pl.BOOL], pl.Tensor[[M, 128], pl.FP16]]");
  EXPECT_EQ(ShapeToString({Index(128), Index(64)}), "[128, 64]");
  EXPECT_EQ(ShapeToString({}), "[]");
}

TEST(TypeText, TileWithMemoryAndOnlyNonImplicitViewFields) {
  auto shape = std::vector<ExprPtr>{Index(8), Index(128)};
  EXPECT_EQ(TypeToString(MakeTileType(shape, DataType::FP32)), "pl.Tile[[8, 128], pl.FP32]");
  EXPECT_EQ(TypeToString(MakeTileType(shape, DataType::FP32, MemorySpace::Vec)),
            "pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec]");
  auto aiv = IVar("aiv_id");
  TileView v;
  v.valid_shape = {Min(Sub(Max(Index(13), Mul(aiv, Index(7))), Mul(aiv, Index(7))), Index(7)),
                   Index(128)};
  EXPECT_EQ(TypeToString(MakeTileType(shape, DataType::FP32, MemorySpace::Vec, v)),
            "pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, "
            "aiv_id * 7) - aiv_id * 7, 7), 128])]");
  // Acc's implicit fractal is 1024: 512 differs and is written, the implicit layouts are not.
  TileView acc = MakeTileType(shape, DataType::FP32, MemorySpace::Acc)->EffectiveView();
  acc.fractal = 512;
  EXPECT_EQ(TypeToString(MakeTileType(shape, DataType::FP32, MemorySpace::Acc, acc)),
            "pl.Tile[[8, 128], pl.FP32, pl.Mem.Acc, pl.TileView(fractal=512)]");
  // Writing the implicit view is the same as writing none.
  TileView implicit = MakeTileType(shape, DataType::FP32, MemorySpace::Mat)->EffectiveView();
  EXPECT_EQ(TypeToString(MakeTileType(shape, DataType::FP32, MemorySpace::Mat, implicit)),
            "pl.Tile[[8, 128], pl.FP32, pl.Mem.Mat]");
  TileView all = MakeTileType(shape, DataType::FP32, MemorySpace::Vec)->EffectiveView();
  all.valid_shape = {Index(4), Index(128)};
  all.stride = {Index(128), Index(1)};
  all.start_offset = Mul(aiv, Index(512));
  all.blayout = TileLayout::col_major;
  all.slayout = TileLayout::row_major;
  all.fractal = 32;
  all.pad = PadValue::zero;
  all.compact = CompactMode::normal;
  EXPECT_EQ(TypeToString(MakeTileType(shape, DataType::FP32, MemorySpace::Vec, all)),
            "pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[4, 128], "
            "stride=[128, 1], start_offset=aiv_id * 512, blayout=pl.TileLayout.col_major, "
            "slayout=pl.TileLayout.row_major, fractal=32, pad=pl.PadValue.zero, "
            "compact=pl.CompactMode.normal)]");
  // A column vector's implicit blayout is col_major, so row_major is the one written.
  auto col = std::vector<ExprPtr>{Index(16), Index(1)};
  TileView row = MakeTileType(col, DataType::FP32, MemorySpace::Vec)->EffectiveView();
  row.blayout = TileLayout::row_major;
  EXPECT_EQ(TypeToString(MakeTileType(col, DataType::FP32, MemorySpace::Vec, row)),
            "pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major)]");
}

TEST(TypeText, NullsDoNotCrash) {
  EXPECT_EQ(TypeToString(nullptr), "<no type>");
  EXPECT_EQ(ExprToString(nullptr), "<null>");
  EXPECT_EQ(FloatToString(std::numeric_limits<double>::infinity()), "inf");
}

}  // namespace
}  // namespace tilesplit::ir
