// Core IR construction: constant folding, promotion casts, view canonicalisation.
#include <gtest/gtest.h>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/source_scope.h"

namespace tilesplit::ir {
namespace {

TEST(Folding, ConstantOperandsFoldAtConstruction) {
  ExprPtr e = Mul(Index(64), Index(2));
  ASSERT_TRUE(AsConstInt(e));
  EXPECT_EQ(*AsConstInt(e), 128);
  EXPECT_EQ(*AsConstInt(MakeBinary(BinaryOp::FloorDiv, Index(-7), Index(2))), -4);
  EXPECT_EQ(*AsConstInt(MakeBinary(BinaryOp::FloorMod, Index(-7), Index(2))), 1);
  EXPECT_EQ(*AsConstInt(MakeUnary(UnaryOp::Neg, Index(5))), -5);
}

TEST(Folding, VariableOperandsAreNotSimplified) {
  VarPtr s = MakeVar("subblock_idx", MakeScalarType(DataType::INDEX));
  ExprPtr e = Add(Index(0), Mul(s, Index(64)));
  ASSERT_NE(e->As<Binary>(), nullptr);
  EXPECT_EQ(e->As<Binary>()->op, BinaryOp::Add);
  EXPECT_TRUE(IsConstInt(e->As<Binary>()->lhs, 0));
}

TEST(Folding, DivisionByConstantZeroIsAUserError) {
  VarPtr s = MakeVar("n", MakeScalarType(DataType::INDEX));
  EXPECT_THROW(MakeBinary(BinaryOp::FloorDiv, s, Index(0)), UserError);
}

TEST(Folding, OverflowIsAUserErrorNotUndefinedBehaviour) {
  EXPECT_THROW(Mul(Index(INT64_MAX), Index(2)), UserError);
}

TEST(Promotion, NarrowOperandIsCastExceptIndexWithInt64) {
  VarPtr i32 = MakeVar("a", MakeScalarType(DataType::INT32));
  VarPtr i64 = MakeVar("b", MakeScalarType(DataType::INT64));
  VarPtr idx = MakeVar("c", MakeScalarType(DataType::INDEX));
  ExprPtr e = Add(i32, idx);
  EXPECT_EQ(*ScalarDType(e), DataType::INDEX);
  EXPECT_NE(e->As<Binary>()->lhs->As<Cast>(), nullptr);
  ExprPtr f = Add(i64, idx);  // tie: left dtype kept, no cast
  EXPECT_EQ(*ScalarDType(f), DataType::INT64);
  EXPECT_EQ(f->As<Binary>()->rhs->As<Cast>(), nullptr);
}

TEST(Promotion, MixingIntAndFloatIsRejected) {
  VarPtr i = MakeVar("i", MakeScalarType(DataType::INDEX));
  VarPtr f = MakeVar("f", MakeScalarType(DataType::FP32));
  EXPECT_THROW(Add(i, f), UserError);
  EXPECT_THROW(MakeBinary(BinaryOp::FloatDiv, i, i), UserError);
}

TEST(TileView, ValidEqualToShapeAndImplicitLayoutDisappear) {
  TileView v;
  v.valid_shape = {Index(128), Index(64)};
  auto t = MakeTileType({Index(128), Index(64)}, DataType::FP32, MemorySpace::Vec, v);
  EXPECT_FALSE(t->view.has_value());
}

TEST(TileView, AccImplicitFractalIs1024) {
  TileView v;
  v.blayout = TileLayout::col_major;
  v.slayout = TileLayout::row_major;
  v.fractal = 1024;
  auto t = MakeTileType({Index(16), Index(16)}, DataType::FP32, MemorySpace::Acc, v);
  EXPECT_FALSE(t->view.has_value());
  EXPECT_EQ(t->EffectiveView().fractal, 1024);
}

TEST(TileView, ColumnVectorDefaultsToColumnMajor) {
  auto t = MakeTileType({Index(16), Index(1)}, DataType::FP32, MemorySpace::Vec);
  EXPECT_EQ(t->EffectiveView().blayout, TileLayout::col_major);
}

TEST(TileView, PartialValidIsKept) {
  TileView v =
      MakeTileType({Index(16), Index(128)}, DataType::FP32, MemorySpace::Vec)->EffectiveView();
  v.valid_shape = {Index(13), Index(128)};
  auto t = MakeTileType({Index(16), Index(128)}, DataType::FP32, MemorySpace::Vec, v);
  ASSERT_TRUE(t->view.has_value());
  EXPECT_EQ(*AsConstInt(t->valid()[0]), 13);
}

TEST(TileView, MemoryPatchRebasesImplicitLayout) {
  TileView v = MakeTileType({Index(16), Index(128)}, DataType::FP32)->EffectiveView();
  v.valid_shape = {Index(13), Index(128)};
  auto t = MakeTileType({Index(16), Index(128)}, DataType::FP32, std::nullopt, v);
  auto m = WithMemory(*t, MemorySpace::Mat);
  EXPECT_EQ(m->EffectiveView().blayout, TileLayout::col_major);
  EXPECT_EQ(m->EffectiveView().slayout, TileLayout::row_major);
}

TEST(TupleGetItem, OutOfRangeIsAUserError) {
  ExprPtr t = MakeTupleExpr({Index(1), Index(2)});
  EXPECT_THROW(MakeTupleGetItem(t, 2), UserError);
  EXPECT_EQ(
      *AsConstInt(MakeTupleGetItem(t, 1)->As<TupleGetItem>()->tuple->As<MakeTuple>()->elements[1]),
      2);
}

TEST(Diagnostics, RenderShowsLocationSourceLineAndCaret) {
  uint32_t f = SourceManager::Register("k.py", "a = 1\nb = c + 1\n");
  UserError e(Span{f, 2, 5}, "unknown name 'c'", {{Span{}, "define 'c' before use"}});
  std::string r = RenderUserError(e);
  EXPECT_NE(r.find("k.py:2:5: error: unknown name 'c'"), std::string::npos);
  EXPECT_NE(r.find("  b = c + 1\n      ^\n"), std::string::npos);
  EXPECT_NE(r.find("note: define 'c' before use"), std::string::npos);
  std::string i = RenderInternalError(InternalError(Span{f, 1, 1}, "broken"));
  EXPECT_NE(i.find("internal error: broken"), std::string::npos);
}

// A harness that parses millions of inputs must not keep every text: a scope drops what was
// registered inside it and leaves earlier buffers readable.
TEST(SourceScope, DropsOnlyTheBuffersRegisteredInside) {
  uint32_t kept = SourceManager::Register("kept.py", "x = 1\n");
  uint32_t first_inside = 0;
  {
    SourceScope scope;
    first_inside = SourceManager::Register("a.py", "a = 1\n");
    SourceManager::Register("b.py", "b = 2\n");
    EXPECT_EQ(SourceManager::Name(first_inside), "a.py");
  }
  EXPECT_EQ(SourceManager::Name(kept), "kept.py");
  EXPECT_EQ(SourceManager::Line(kept, 1), "x = 1");
  // The dropped ids read as unknown, and the next registration takes the first of them again.
  EXPECT_EQ(SourceManager::Name(first_inside), "<unknown>");
  EXPECT_EQ(SourceManager::Register("c.py", "c = 3\n"), first_inside);
}

}  // namespace
}  // namespace tilesplit::ir
