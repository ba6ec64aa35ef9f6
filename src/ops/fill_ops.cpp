// Padding fills, triangular masks, index ranges and the tensor-level broadcast and dump marker of
// PyPTO's catalogue (pto-isa TFILLPAD, TFILLPAD_EXPAND, TCI): `fillpad` / `fillpad_expand`
// replace what lies outside a tile's valid region by a pad value (so that an op over the whole
// box, after set_validshape, sees the identity of its reduction there), `tri` generates a
// triangular 0 / 1 mask, `tensor.ci` is PyPTO's `arange`, `tensor.random` the tensor form of
// tile.random, `tensor.expand_clone` broadcasts a tensor to a target's shape and `tensor.dump_tag`
// marks a tensor for the runtime's selective dump.
#include <string>

#include "sections.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

constexpr const char* kPadValues = "pl.PadValue.zero, pl.PadValue.max, pl.PadValue.min";

// The pad a fill writes; pl.PadValue.null (no pad) has nothing to write.
ir::PadValue PadOf(const CallInfo& c) {
  const ir::PadValue pad = c.pad_kwarg("pad_value").value_or(ir::PadValue::zero);
  if (pad == ir::PadValue::null)
    c.Fail("kwarg 'pad_value' pl.PadValue.null names no value to fill with",
           std::string("use one of ") + kPadValues);
  return pad;
}

// tile.fillpad_expand's result: fully valid over the larger box, carrying the pad. (tile.fillpad
// keeps its operand's valid region instead, so that a lane's half is typed by the rule of the
// whole; the split refuses to halve fillpad_expand, so its result can span the box.)
TypePtr PaddedTile(const Shape& shape, DataType dt, ir::PadValue pad) {
  ir::TileView v = ImplicitView(shape, std::nullopt, {});
  v.pad = pad;
  return ir::MakeTileType(shape, dt, std::nullopt, v);
}

// TFILLPAD works on 1-, 2- and 4-byte elements.
void RequireFillableDType(const CallInfo& c, DataType dt) {
  const int bits = ir::DataTypeBits(dt);
  if (bits != 8 && bits != 16 && bits != 32)
    c.Fail("argument " + Quote(c.arg_name(0)) + " dtype " + std::string(ir::DataTypeName(dt)) +
               " is not 1, 2 or 4 bytes wide",
           "cast the tile to a 1-, 2- or 4-byte dtype first");
}

TypePtr DeduceFillpadExpand(const CallInfo& c) {
  const ir::TileType& t = c.tile_arg(0);
  RequireFillableDType(c, t.dtype);
  const Shape& shape = TupleOfRank(c, 1, static_cast<int64_t>(t.shape.size()));
  RequireStaticPositive(c, 1, shape);
  for (size_t d = 0; d < shape.size(); ++d)
    if (ProvablyLess(shape[d], t.shape[d]))
      c.Fail("argument 'shape' " + Str(shape) + " is smaller than the tile's shape " +
                 Str(t.shape) + " in dim " + std::to_string(d),
             "give a shape no smaller than the tile's on every axis (fillpad keeps the shape)");
  return PaddedTile(shape, t.dtype, PadOf(c));
}

TypePtr DeduceTri(const CallInfo& c) {
  const DataType dt = RequiredDType(c, "dtype");
  const Shape& shape = TupleOfRank(c, 0, 2);
  RequireStaticPositive(c, 0, shape);
  if (!c.has_arg(1)) return ir::MakeTileType(shape, dt);
  const Shape& valid = TupleOfRank(c, 1, 2);
  for (size_t d = 0; d < 2; ++d)
    if (ProvablyLess(shape[d], valid[d]))
      c.Fail("argument 'valid_shape' " + Str(valid) + " exceeds the shape " + Str(shape),
             "give a valid shape within the tile's shape");
  return ir::MakeTileType(shape, dt, std::nullopt, ImplicitView(shape, std::nullopt, valid));
}

TypePtr DeduceTensorCi(const CallInfo& c) {
  const DataType dt = RequiredDType(c, "dtype");
  if (dt != DataType::INT16 && dt != DataType::INT32 && dt != DataType::UINT16 &&
      dt != DataType::UINT32)
    c.Fail("kwarg 'dtype' " + std::string(ir::DataTypeName(dt)) + " must be one of " +
               DTypeList({DataType::INT16, DataType::INT32, DataType::UINT16, DataType::UINT32}),
           "use dtype=pl.INT32, and cast the result if another dtype is needed");
  const DataType s = ScalarArg(c, 0);
  if (!ir::IsInteger(s))
    c.Fail("argument 'start' must be an integer scalar, got " + std::string(ir::DataTypeName(s)),
           "pass an integer start (e.g. 0)");
  const Shape& shape = TupleOfRank(c, 1, -1);
  RequireStaticPositive(c, 1, shape);
  for (size_t d = 0; d + 1 < shape.size(); ++d)
    if (*Static(shape[d]) != 1)
      c.Fail("argument 'shape' " + Str(shape) + " must be 1 in every dim but the last",
             "generate one row [1, N] and expand it (col_expand) to more rows");
  return ir::MakeTensorType(shape, dt);
}

// tile.random's rules (generator_ops.cpp) on a tensor: six integer keys and counters, a static
// rank-2 shape, an INT32 or UINT32 dtype, 7 or 10 rounds.
TypePtr DeduceTensorRandom(const CallInfo& c) {
  const DataType dt = RequiredDType(c, "dtype");
  if (dt != DataType::INT32 && dt != DataType::UINT32)
    c.Fail("kwarg 'dtype' " + std::string(ir::DataTypeName(dt)) + " must be one of " +
               DTypeList({DataType::INT32, DataType::UINT32}),
           "use dtype=pl.INT32 or pl.UINT32, and cast the result if another dtype is needed");
  const int64_t rounds = c.int_kwarg("rounds").value_or(10);
  if (rounds != 7 && rounds != 10)
    c.Fail("kwarg 'rounds' must be 7 or 10, got " + std::to_string(rounds),
           "use rounds=7 or rounds=10");
  for (size_t i = 0; i < 6; ++i) {
    const DataType s = ScalarArg(c, i);
    if (!ir::IsInteger(s))
      c.Fail("argument " + Quote(c.arg_name(i)) + " must be an integer scalar, got " +
                 std::string(ir::DataTypeName(s)),
             "pass an integer key or counter");
  }
  const Shape& shape = TupleOfRank(c, 6, 2);
  RequireStaticPositive(c, 6, shape);
  return ir::MakeTensorType(shape, dt);
}

TypePtr DeduceExpandClone(const CallInfo& c) {
  const ir::TensorType& src = c.tensor_arg(0);
  const ir::TensorType& target = c.tensor_arg(1);
  RequireSameDType(c, 1, target.dtype, 0, src.dtype);
  if (src.shape.size() != target.shape.size())
    c.Fail("argument 'input' rank " + std::to_string(src.shape.size()) +
               " differs from the target's rank " + std::to_string(target.shape.size()),
           "reshape the input to the target's rank, with 1 on the axes to broadcast");
  for (size_t d = 0; d < src.shape.size(); ++d) {
    auto s = Static(src.shape[d]);
    if ((s && *s == 1) || ProvablyEqual(src.shape[d], target.shape[d])) continue;
    c.Fail("argument 'input' shape " + Str(src.shape) + " does not broadcast to the target's " +
               Str(target.shape) + " in dim " + std::to_string(d),
           "give the input the target's extent or 1 on every axis");
  }
  return ir::MakeTensorType(target.shape, target.dtype);
}

}  // namespace

void RegisterFillOps(OpRegistry& r) {
  r.Register("tile.fillpad")
      .input_memory(0, {MemorySpace::Vec})
      .output_memory_fixed(MemorySpace::Vec)
      .arg("tile")
      .kwarg("pad_value", KwargKind::Pad, ir::PadValue::zero)
      // The valid region is kept rather than widened to the box: a lane's half of a ragged tile
      // is then typed by the same rule as the whole (the split halves the call like an
      // elementwise op), and set_validshape brings the pad into the valid region where wanted.
      .deduce([](const CallInfo& c) {
        const ir::TileType& t = c.tile_arg(0);
        RequireFillableDType(c, t.dtype);
        ir::TileView v = t.EffectiveView();
        v.pad = PadOf(c);
        return ir::MakeTileType(t.shape, t.dtype, t.memory, v);
      })
      .doc(
          "The tile with every element past its valid region set to the pad (zero; max: +inf, or "
          "the dtype's largest integer; min: -inf, or its smallest): the tile's type with the pad "
          "recorded in the view (set_validshape widens the valid region over the pad)");
  r.Register("tile.fillpad_expand")
      .input_memory(0, {MemorySpace::Vec})
      .output_memory_fixed(MemorySpace::Vec)
      .arg("tile")
      .arg("shape")
      .kwarg("pad_value", KwargKind::Pad, ir::PadValue::zero)
      .deduce(DeduceFillpadExpand)
      // A lane's half of the source lands at the start of the lane's half of the larger box,
      // not where the reference puts it, so the split refuses to halve either axis.
      .combines(CombinedOperands::First, CombinedAxes::All, "pads past")
      .doc(
          "fillpad into a tile of a larger static shape: the tile's valid elements at the same "
          "positions, the pad everywhere else; fully valid, the tile's dtype");
  r.Register("tile.tri")
      .position_dependent()
      .generator()
      .arg("shape")
      .shape_arg(0)
      .opt_arg("valid_shape")
      .req_kwarg("dtype", KwargKind::DType)
      .kwarg("diagonal", KwargKind::Int, int64_t{0})
      .kwarg("upper", KwargKind::Bool, false)
      .output_memory_fixed(MemorySpace::Vec)
      .deduce(DeduceTri)
      .doc(
          "Tile[shape, dtype] (2D): 1 at (i, j) when j <= i + diagonal (upper: j >= i + "
          "diagonal), else 0, over the valid region (valid_shape or shape)");
  r.Register("tensor.fillpad")
      .tile_form(TileForm::Namesake("tensor.fillpad"))
      .arg("tensor")
      .kwarg("pad_value", KwargKind::Pad, ir::PadValue::zero)
      .deduce([](const CallInfo& c) {
        const ir::TensorType& t = c.tensor_arg(0);
        RequireFillableDType(c, t.dtype);
        PadOf(c);
        return c.arg(0)->type;
      })
      .doc(
          "The tensor with every element past its valid region set to the pad (as tile.fillpad): "
          "the tensor's type");
  r.Register("tensor.fillpad_expand")
      .tile_form(TileForm::Namesake("tensor.fillpad_expand"))
      .arg("tensor")
      .arg("shape")
      .kwarg("pad_value", KwargKind::Pad, ir::PadValue::zero)
      .deduce([](const CallInfo& c) {
        const ir::TensorType& t = c.tensor_arg(0);
        RequireFillableDType(c, t.dtype);
        const Shape& shape = TupleOfRank(c, 1, static_cast<int64_t>(t.shape.size()));
        RequireStaticPositive(c, 1, shape);
        for (size_t d = 0; d < shape.size(); ++d)
          if (ProvablyLess(shape[d], t.shape[d]))
            c.Fail("argument 'shape' " + Str(shape) + " is smaller than the tensor's shape " +
                       Str(t.shape) + " in dim " + std::to_string(d),
                   "give a shape no smaller than the tensor's on every axis");
        PadOf(c);
        return ir::MakeTensorType(shape, t.dtype);
      })
      .doc(
          "The tensor's elements at the same positions of a larger static shape, the pad "
          "everywhere else (as tile.fillpad_expand): shape, the tensor's dtype");
  r.Register("tensor.ci")
      .tile_form(TileForm::Namesake("tensor.ci"))
      .arg("start")
      .arg("shape")
      .req_kwarg("dtype", KwargKind::DType)
      .kwarg("descending", KwargKind::Bool, false)
      .deduce(DeduceTensorCi)
      .doc(
          "PyPTO's arange: Tensor[[1, ..., 1, N], dtype] holding start, start + 1, ... along the "
          "last axis (reversed when descending)");
  r.Register("tensor.random")
      .tile_form(TileForm::Namesake("tensor.random"))
      .arg("key0")
      .arg("key1")
      .arg("counter0")
      .arg("counter1")
      .arg("counter2")
      .arg("counter3")
      .arg("shape")
      .req_kwarg("dtype", KwargKind::DType)
      .kwarg("rounds", KwargKind::Int, int64_t{10})
      .deduce(DeduceTensorRandom)
      .doc(
          "Tensor[shape, dtype] (2D) of counter-based random integers, as tile.random (the "
          "simulator's generator is deterministic, not the hardware's)");
  // Writes the broadcast into the target (PyPTO's conversion makes the target an output): the
  // result is the target, updated. Converted to stores of the input, or of its row / column
  // expansion, into the target (TileForm::Kind::BroadcastInto).
  r.Register("tensor.expand_clone")
      .tile_form({.kind = TileForm::Kind::BroadcastInto,
                  .op = "tile.col_expand",
                  .row_broadcast = "tile.row_expand"})
      .arg("input")
      .arg("target")
      .deduce(DeduceExpandClone)
      .gm_operands({0, 1})
      .updates_in_place({{.pos = 1, .reads = InPlaceUpdate::Reads::Never, .is_result = true}})
      .doc(
          "The input broadcast along its unit axes to the target's shape (same rank and dtype), "
          "written into the target: the target's shape and dtype");
  // The runtime dumps tagged tensors when asked to (RunConfig.enable_dump_args); the simulator
  // has every value at hand, so the tag changes nothing there.
  r.Register("tensor.dump_tag")
      .tile_form({TileForm::Kind::None})
      .arg("tensor")
      .no_result()
      .side_effect()
      .deduce([](const CallInfo& c) {
        c.tensor_arg(0);
        return TypePtr();
      })
      .doc(
          "No result: marks the tensor for the runtime's selective dump (a no-op on the "
          "simulator, which keeps every value)");
}

}  // namespace tilesplit::ops
