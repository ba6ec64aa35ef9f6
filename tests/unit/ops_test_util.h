// Builders shared by the operator tests: typed variables, literal tuples, and a checker for the
// located errors Create reports.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops::testing {

using ir::DataType;
using ir::ExprPtr;
using ir::MemorySpace;

inline ExprPtr I(int64_t v) {
  return ir::MakeConstInt(v);
}

inline std::vector<ExprPtr> Dims(std::initializer_list<int64_t> dims) {
  std::vector<ExprPtr> out;
  for (int64_t d : dims) out.push_back(I(d));
  return out;
}

inline ExprPtr Tup(std::initializer_list<int64_t> dims) {
  return ir::MakeTupleExpr(Dims(dims));
}
inline ExprPtr Tup(std::vector<ExprPtr> elems) {
  return ir::MakeTupleExpr(std::move(elems));
}

inline ExprPtr Tile(std::vector<ExprPtr> shape, DataType dt = DataType::FP32,
                    std::optional<MemorySpace> mem = MemorySpace::Vec,
                    std::vector<ExprPtr> valid = {}, const std::string& name = "t") {
  std::optional<ir::TileView> view;
  if (!valid.empty()) {
    ir::ImplicitLayout l = ir::ImplicitLayoutFor(shape, mem);
    ir::TileView v;
    v.valid_shape = std::move(valid);
    v.blayout = l.blayout;
    v.slayout = l.slayout;
    v.fractal = l.fractal;
    view = v;
  }
  return ir::MakeVar(name, ir::MakeTileType(std::move(shape), dt, mem, view));
}

inline ExprPtr Tile(std::initializer_list<int64_t> shape, DataType dt = DataType::FP32,
                    std::optional<MemorySpace> mem = MemorySpace::Vec) {
  return Tile(Dims(shape), dt, mem);
}

inline ExprPtr Tensor(std::vector<ExprPtr> shape, DataType dt = DataType::FP32,
                      std::vector<ExprPtr> valid = {}) {
  std::optional<ir::TensorView> view;
  if (!valid.empty()) {
    ir::TensorView v;
    v.valid_shape = std::move(valid);
    view = v;
  }
  return ir::MakeVar("x", ir::MakeTensorType(std::move(shape), dt, view));
}

inline ExprPtr Scalar(DataType dt, const std::string& name = "s") {
  return ir::MakeVar(name, ir::MakeScalarType(dt));
}

inline const ir::TileType& TileOf(const ExprPtr& e) {
  const ir::TileType* t = ir::AsTileType(e->type);
  if (!t) throw std::runtime_error("not a tile: " + ir::TypeToString(e->type));
  return *t;
}

inline std::string ShapeStr(const std::vector<ExprPtr>& s) {
  return ir::ShapeToString(s);
}

// A span in a registered buffer, so errors can be checked for their location.
inline ir::Span Loc(uint32_t line = 3, uint32_t col = 7) {
  static uint32_t file = ir::SourceManager::Register("ops_test.py", "a\nb\nc = pl.tile.x()\n");
  return ir::Span{file, line, col};
}

// Runs `f`, expects a UserError located at Loc() whose message contains every fragment.
inline void ExpectUserError(const std::function<void()>& f,
                            std::initializer_list<std::string> fragments) {
  try {
    f();
    ADD_FAILURE() << "expected a UserError";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, Loc().line) << e.message();
    EXPECT_EQ(e.span().col, Loc().col) << e.message();
    for (const auto& frag : fragments)
      EXPECT_NE(e.message().find(frag), std::string::npos)
          << "message '" << e.message() << "' lacks '" << frag << "'";
  }
}

// Create at the test location.
inline ExprPtr Call(std::string_view op, std::vector<ExprPtr> args, ir::AttrMap kwargs = {}) {
  return Create(op, std::move(args), std::move(kwargs), Loc());
}

inline void ExpectCallError(std::string_view op, std::vector<ExprPtr> args, ir::AttrMap kwargs,
                            std::initializer_list<std::string> fragments) {
  ExpectUserError([&] { Call(op, args, kwargs); }, fragments);
}

}  // namespace tilesplit::ops::testing
