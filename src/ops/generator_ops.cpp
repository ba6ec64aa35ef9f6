// Generators (ops.md 2.2): results depend on attributes only.
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

const Shape& StaticShapeArg(const CallInfo& c, size_t i) {
  const Shape& s = c.tuple_arg(i);
  if (s.empty()) c.Fail("argument " + Quote(c.arg_name(i)) + " must not be empty");
  RequireStaticPositive(c, i, s);
  return s;
}

void RequireIntegerScalar(const CallInfo& c, size_t i) {
  DataType dt = ScalarArg(c, i);
  if (!ir::IsInteger(dt))
    c.Fail("argument " + Quote(c.arg_name(i)) + " must be an integer scalar, got " +
           std::string(ir::DataTypeName(dt)));
}

TypePtr DeduceFull(const CallInfo& c) {
  const Shape& shape = StaticShapeArg(c, 0);
  const ExprPtr& value = c.arg(1);
  if (!value->As<ir::ConstInt>() && !value->As<ir::ConstFloat>())
    c.Fail("argument 'value' must be an integer or float constant, got " + Str(value));
  return ir::MakeTileType(shape, RequiredDType(c, "dtype"));
}

TypePtr DeduceCreate(const CallInfo& c) {
  const Shape& shape = StaticShapeArg(c, 0);
  DataType dt = RequiredDType(c, "dtype");
  auto mem = c.mem_kwarg("target_memory");
  bool transpose = c.bool_kwarg("transpose").value_or(false);
  bool flat = c.bool_kwarg("flat_layout").value_or(false);
  if (mem && (*mem == MemorySpace::LeftScale || *mem == MemorySpace::RightScale))
    c.Fail("kwarg 'target_memory' " + std::string(ir::MemorySpaceName(*mem)) + " is not supported");
  if (transpose && (shape.size() != 2 || mem != MemorySpace::Mat))
    c.Fail("kwarg 'transpose' needs a 2D shape and target_memory=Mat, got shape " + Str(shape));
  if (flat && (mem != MemorySpace::Mat || transpose))
    c.Fail("kwarg 'flat_layout' needs target_memory=Mat without transpose");
  if (!transpose && !flat) return ir::MakeTileType(shape, dt, mem);
  // Stamped here: a patch-time re-basing would turn these explicit layouts back into Mat's.
  ir::TileView v = ImplicitView(shape, mem, {});
  if (transpose) {
    v.blayout = ir::TileLayout::row_major;
    v.slayout = ir::TileLayout::col_major;
  } else {
    v.slayout = ir::TileLayout::none_box;
  }
  return ir::MakeTileType(shape, dt, mem, v);
}

TypePtr DeduceCi(const CallInfo& c) {
  DataType dt = RequiredDType(c, "dtype");
  if (dt != DataType::INT16 && dt != DataType::INT32 && dt != DataType::UINT16 &&
      dt != DataType::UINT32)
    c.Fail("kwarg 'dtype' " + std::string(ir::DataTypeName(dt)) + " must be one of " +
           DTypeList({DataType::INT16, DataType::INT32, DataType::UINT16, DataType::UINT32}));
  RequireIntegerScalar(c, 0);
  const Shape& shape = StaticShapeArg(c, 1);
  for (size_t d = 0; d + 1 < shape.size(); ++d)
    if (*Static(shape[d]) != 1)
      c.Fail("argument 'shape' " + Str(shape) + " must be 1 in every dim but the last");
  if (*Static(shape.back()) == 1)
    c.Fail("argument 'shape' " + Str(shape) + " must not be 1 in its last dim");
  return ir::MakeTileType(shape, dt);
}

TypePtr DeduceRandom(const CallInfo& c) {
  DataType dt = RequiredDType(c, "dtype");
  if (dt != DataType::INT32 && dt != DataType::UINT32)
    c.Fail("kwarg 'dtype' " + std::string(ir::DataTypeName(dt)) + " must be one of " +
           DTypeList({DataType::INT32, DataType::UINT32}));
  int64_t rounds = c.int_kwarg("rounds").value_or(10);
  if (rounds != 7 && rounds != 10)
    c.Fail("kwarg 'rounds' must be 7 or 10, got " + std::to_string(rounds));
  for (size_t i = 0; i < 6; ++i) RequireIntegerScalar(c, i);
  const Shape& shape = StaticShapeArg(c, 6);
  if (shape.size() != 2) c.Fail("argument 'shape' " + Str(shape) + " must be 2D");
  if (!c.has_arg(7)) return ir::MakeTileType(shape, dt);
  const Shape& valid = TupleOfRank(c, 7, 2);
  for (size_t d = 0; d < 2; ++d) {
    auto v = Static(valid[d]);
    if (!v || *v <= 0 || *v > *Static(shape[d]))
      c.Fail("argument 'valid_shape' " + Str(valid) +
             " must be static with 0 < v <= " + Str(shape));
  }
  return ir::MakeTileType(shape, dt, std::nullopt, ImplicitView(shape, std::nullopt, valid));
}

}  // namespace

void RegisterGeneratorOps(OpRegistry& r) {
  r.Register("tile.full")
      .arg("shape")
      .shape_arg(0)
      .arg("value")
      .req_kwarg("dtype", KwargKind::DType)
      .deduce(DeduceFull)
      .output_memory_fixed(MemorySpace::Vec)
      .generator()
      .doc("Tile[shape, dtype], fully valid, every element the constant value");

  r.Register("tile.create")
      .arg("shape")
      .shape_arg(0)
      .req_kwarg("dtype", KwargKind::DType)
      .kwarg("target_memory", KwargKind::Mem)
      .kwarg("transpose", KwargKind::Bool, false)
      .kwarg("flat_layout", KwargKind::Bool, false)
      .deduce(DeduceCreate)
      .output_memory_from_kwarg("target_memory", std::nullopt)
      .core_affinity(CoreAffinity::SHARED)
      .generator()
      .allocation()
      .doc(
          "Tile[shape, dtype], fully valid, uninitialised; transpose (2D, Mat) and flat_layout "
          "(Mat) stamp their layouts");

  r.Register("tile.ci")
      .position_dependent()
      .arg("start")
      .arg("shape")
      .shape_arg(1)
      .req_kwarg("dtype", KwargKind::DType)
      .kwarg("descending", KwargKind::Bool, false)
      .deduce(DeduceCi)
      .output_memory_fixed(MemorySpace::Vec)
      .generator()
      .doc(
          "Tile[[1, ..., 1, N], dtype] holding start, start + 1, ... along the last axis "
          "(reversed when descending), fully valid");

  r.Register("tile.random")
      .position_dependent()
      .arg("key0")
      .arg("key1")
      .arg("counter0")
      .arg("counter1")
      .arg("counter2")
      .arg("counter3")
      .arg("shape")
      .shape_arg(6)
      .opt_arg("valid_shape")
      .req_kwarg("dtype", KwargKind::DType)
      .kwarg("rounds", KwargKind::Int, int64_t{10})
      .deduce(DeduceRandom)
      .output_memory_fixed(MemorySpace::Vec)
      .generator()
      .doc(
          "Tile[shape, dtype] (2D) of counter-based random integers; valid = valid_shape or "
          "shape");
}

}  // namespace tilesplit::ops
