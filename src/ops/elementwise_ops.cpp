// Elementwise binary, tile-scalar and unary ops (ops.md 2.3).
#include <string>
#include <utility>

#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

// tile.cast's rounding modes, for the notes of a missing or out-of-range mode.
constexpr const char* kCastModes =
    "0 (none), 1 (rint: to nearest, ties to even), 2 (round: ties away from zero), 3 (floor), "
    "4 (ceil), 5 (trunc), 6 (odd)";

TypePtr DeduceDiv(const CallInfo& c) {
  const ir::TileType& lhs = c.tile_arg(0);
  const ir::TileType& rhs = c.tile_arg(1);
  RequireDType(c, 0, lhs.dtype, {DataType::INT16, DataType::INT32, DataType::FP16, DataType::FP32});
  RequireSameDType(c, 1, rhs.dtype, 0, lhs.dtype);
  if (!ShapesProvablyEqual(lhs.shape, rhs.shape))
    c.Fail("argument 'rhs' shape " + Str(rhs.shape) + " must equal lhs shape " + Str(lhs.shape) +
           " (no broadcasting)");
  if (ShapesProvablyDifferent(lhs.valid(), rhs.valid()))
    c.Fail("argument 'rhs' valid shape " + Str(rhs.valid()) + " must equal lhs valid shape " +
           Str(lhs.valid()));
  if (c.bool_kwarg("high_precision").value_or(false) && !ir::IsFloat(lhs.dtype))
    c.Fail("kwarg 'high_precision' needs a float dtype, got " +
           std::string(ir::DataTypeName(lhs.dtype)));
  return c.arg(0)->type;
}

TypePtr DeduceTileScalar(const CallInfo& c, bool subs) {
  const ir::TileType& t = c.tile_arg(0);
  ScalarArg(c, 1);
  if (subs)
    RequireDType(c, 0, t.dtype,
                 {DataType::INT8, DataType::INT16, DataType::INT32, DataType::FP16, DataType::FP32,
                  DataType::BF16});
  return c.arg(0)->type;
}

TypePtr DeduceUnary(const CallInfo& c) {
  c.tile_arg(0);
  return c.arg(0)->type;
}

TypePtr DeduceFloatUnary(const CallInfo& c) {
  const ir::TileType& t = c.tile_arg(0);
  RequireDType(c, 0, t.dtype, {DataType::FP16, DataType::FP32});
  return c.arg(0)->type;
}

TypePtr DeduceRsqrt(const CallInfo& c) {
  const ir::TileType& t = c.tile_arg(0);
  if (c.has_arg(1)) {
    const ir::TileType& tmp = c.tile_arg(1);
    if (tmp.dtype != t.dtype || !ShapesProvablyEqual(tmp.shape, t.shape))
      c.Fail("argument 'tmp' " + Str(c.arg(1)->type) +
             " must match the input exactly: " + Str(c.arg(0)->type));
  }
  return c.arg(0)->type;
}

TypePtr DeduceCast(const CallInfo& c) {
  const ir::TileType& t = c.tile_arg(0);
  DataType target = RequiredDType(c, "target_type");
  int64_t mode = RequiredInt(c, "mode");
  if (mode < 0 || mode > 6)
    c.Fail("kwarg 'mode' must be in 0..6, got " + std::to_string(mode),
           "use one of " + std::string(kCastModes));
  if (target == t.dtype)
    c.Fail("kwarg 'target_type' " + std::string(ir::DataTypeName(target)) +
           " equals the source dtype of argument 'tile'");
  return ir::MakeTileType(t.shape, target, t.memory, t.view);
}

OpDef& VecOp(OpRegistry& r, const std::string& name, size_t vec_inputs) {
  OpDef& d = r.Register(name);
  for (size_t i = 0; i < vec_inputs; ++i) d.input_memory(i, {MemorySpace::Vec});
  d.output_memory_fixed(MemorySpace::Vec);
  return d;
}

}  // namespace

void RegisterElementwiseOps(OpRegistry& r) {
  const std::pair<const char*, const char*> binary[] = {
      {"tile.add", "lhs + rhs"},         {"tile.sub", "lhs - rhs"},
      {"tile.mul", "lhs * rhs"},         {"tile.maximum", "max(lhs, rhs)"},
      {"tile.minimum", "min(lhs, rhs)"},
  };
  for (const auto& [n, what] : binary) {
    VecOp(r, n, 2)
        .arg("lhs")
        .arg("rhs")
        .deduce([](const CallInfo& c) { return DeduceBroadcastBinary(c, 0, 1); })
        .doc(std::string(what) +
             " per element: promoted dtype, broadcast shape, valid and layout from lhs");
  }
  // PyPTO's column expansion: the [1, N] row `col` repeated down every row of `target`.
  VecOp(r, "tile.col_expand_mul", 2)
      .arg("target")
      .arg("col")
      .deduce([](const CallInfo& c) {
        const ir::TileType& t = c.tile_arg(0);
        const ir::TileType& col = c.tile_arg(1);
        RequireRank(c, 0, t, 2);
        RequireRank(c, 1, col, 2);
        auto rows = Static(col.shape[0]);
        if (!rows || *rows != 1 || !ops::ProvablyEqual(col.shape[1], t.shape[1]))
          c.Fail("argument 'col' must be one row as wide as 'target' ([1, " +
                 ir::ExprToString(t.shape[1]) + "]), got " + ir::ShapeToString(col.shape));
        return DeduceBroadcastBinary(c, 0, 1);
      })
      .doc(
          "target * col per element, the [1, N] row col repeated down every row of target: "
          "target's shape, promoted dtype, valid and layout from target");
  VecOp(r, "tile.div", 2)
      .arg("lhs")
      .arg("rhs")
      .kwarg("high_precision", KwargKind::Bool, false)
      .deduce(DeduceDiv)
      .doc(
          "lhs / rhs per element: lhs's type; shapes equal exactly (no broadcasting), valid "
          "shapes not provably different");
  const std::pair<const char*, const char*> with_scalar[] = {
      {"tile.adds", "tile + scalar"},         {"tile.subs", "tile - scalar"},
      {"tile.muls", "tile * scalar"},         {"tile.divs", "tile / scalar"},
      {"tile.maximums", "max(tile, scalar)"}, {"tile.minimums", "min(tile, scalar)"},
  };
  for (const auto& [n, what] : with_scalar) {
    bool subs = std::string_view(n) == "tile.subs";
    VecOp(r, n, 1)
        .arg("tile")
        .arg("scalar")
        .deduce([subs](const CallInfo& c) { return DeduceTileScalar(c, subs); })
        .doc(std::string(what) + " per element: the tile's type" +
             (subs ? " (8/16/32-bit ints, FP16, FP32, BF16)" : ""));
  }
  const std::pair<const char*, const char*> unary[] = {
      {"tile.exp", "exp(tile)"}, {"tile.neg", "-tile"},         {"tile.sqrt", "sqrt(tile)"},
      {"tile.abs", "|tile|"},    {"tile.relu", "max(tile, 0)"},
  };
  for (const auto& [n, what] : unary)
    VecOp(r, n, 1)
        .arg("tile")
        .deduce(DeduceUnary)
        .doc(std::string(what) + " per element: the tile's type");
  const std::pair<const char*, const char*> float_unary[] = {{"tile.log", "ln(tile)"},
                                                             {"tile.recip", "1 / tile"}};
  for (const auto& [n, what] : float_unary)
    VecOp(r, n, 1)
        .arg("tile")
        .kwarg("high_precision", KwargKind::Bool, false)
        .deduce(DeduceFloatUnary)
        .doc(std::string(what) + " per element: the tile's type (FP16 or FP32 only)");
  VecOp(r, "tile.rsqrt", 2)
      .arg("tile")
      .opt_arg("tmp")
      .deduce(DeduceRsqrt)
      .doc("1 / sqrt(tile) per element: the tile's type; tmp matches the tile's dtype and shape");
  VecOp(r, "tile.cast", 1)
      .arg("tile")
      .req_kwarg("target_type", KwargKind::DType)
      .req_kwarg("mode", KwargKind::Int, kCastModes)
      .deduce(DeduceCast)
      .doc(
          "The tile converted to target_type, rounding per mode (0..6): shape, valid and layout "
          "kept; a same-dtype cast is rejected");
}

}  // namespace tilesplit::ops
