// Elementwise binary, tile-scalar and unary ops (ops.md 2.3).
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

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
  if (mode < 0 || mode > 6) c.Fail("kwarg 'mode' must be in 0..6, got " + std::to_string(mode));
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
  for (const char* n : {"tile.add", "tile.sub", "tile.mul", "tile.maximum", "tile.minimum"}) {
    VecOp(r, n, 2).arg("lhs").arg("rhs").deduce(
        [](const CallInfo& c) { return DeduceBroadcastBinary(c, 0, 1); });
  }
  VecOp(r, "tile.div", 2)
      .arg("lhs")
      .arg("rhs")
      .kwarg("high_precision", KwargKind::Bool, false)
      .deduce(DeduceDiv);
  for (const char* n :
       {"tile.adds", "tile.subs", "tile.muls", "tile.divs", "tile.maximums", "tile.minimums"}) {
    bool subs = std::string_view(n) == "tile.subs";
    VecOp(r, n, 1).arg("tile").arg("scalar").deduce(
        [subs](const CallInfo& c) { return DeduceTileScalar(c, subs); });
  }
  for (const char* n : {"tile.exp", "tile.neg", "tile.sqrt", "tile.abs", "tile.relu"})
    VecOp(r, n, 1).arg("tile").deduce(DeduceUnary);
  for (const char* n : {"tile.log", "tile.recip"})
    VecOp(r, n, 1)
        .arg("tile")
        .kwarg("high_precision", KwargKind::Bool, false)
        .deduce(DeduceFloatUnary);
  VecOp(r, "tile.rsqrt", 2).arg("tile").opt_arg("tmp").deduce(DeduceRsqrt);
  VecOp(r, "tile.cast", 1)
      .arg("tile")
      .req_kwarg("target_type", KwargKind::DType)
      .req_kwarg("mode", KwargKind::Int)
      .deduce(DeduceCast);
}

}  // namespace tilesplit::ops
