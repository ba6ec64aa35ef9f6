// Data movement and scalar access (ops.md 2.1): tile.load, tile.store, tile.move, tile.read,
// tensor.read; tile.assemble, which writes one tile into a window of another.
#include <algorithm>

#include "tilesplit/ir/error.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

// A deducer error with a note saying what to change (CallInfo::Fail takes none).
[[noreturn]] void FailWithNote(const CallInfo& c, const std::string& message,
                               const std::string& note) {
  ir::ThrowUser({}, c.name() + ": " + message, {{{}, note}});
}

TypePtr DeduceLoad(const CallInfo& c) {
  const ir::TensorType& tensor = c.tensor_arg(0);
  const Shape& shapes = c.tuple_arg(2);
  if (shapes.empty()) c.Fail("argument 'shapes' must have rank >= 1, got []");
  int64_t rank = static_cast<int64_t>(shapes.size());
  RequireIntegerElements(c, 2, shapes);
  const Shape& offsets = TupleOfRank(c, 1, rank);
  RequireIntegerElements(c, 1, offsets);
  RequireNonNegativeOffsets(c, 1, offsets);
  Shape request = c.has_arg(3) ? TupleOfRank(c, 3, rank) : shapes;
  RequireIntegerElements(c, 3, request);
  // The valid extent lies within the box: 0 <= valid_shape <= shapes where both are static.
  for (size_t d = 0; c.has_arg(3) && d < shapes.size(); ++d) {
    auto v = Static(request[d]), n = Static(shapes[d]);
    if ((v && *v < 0) || (v && n && *v > *n))
      FailWithNote(c,
                   "argument 'valid_shape' " + Str(request) + " lies outside 'shapes' " +
                       Str(shapes) + " in dim " + std::to_string(d),
                   "each valid extent must be between 0 and the tile's dimension (" +
                       (n ? std::to_string(*n) : std::string("its shape")) +
                       "); change 'valid_shape' to fit in 'shapes'");
  }

  Shape valid = request;
  if (shapes.size() == tensor.shape.size()) {
    bool clamp = c.bool_kwarg("clamp").value_or(false);
    for (size_t d = 0; d < shapes.size(); ++d) {
      auto o = Static(offsets[d]), e = Static(request[d]), n = Static(tensor.shape[d]);
      if (!clamp && o && e && n && WindowLeaves(*o, *e, *n))
        FailWithNote(c,
                     "argument 'valid_shape' " + Str(request) + " at offsets " + Str(offsets) +
                         " reads beyond tensor shape " + Str(tensor.shape) + " in dim " +
                         std::to_string(d),
                     "keep offsets + valid_shape within the tensor, or pass clamp=True to clamp");
      valid[d] = WindowRead(offsets[d], request[d], tensor.valid()[d]);
    }
  }
  auto mem = c.mem_kwarg("target_memory");
  return ir::MakeTileType(shapes, tensor.dtype, mem, ImplicitView(shapes, mem, valid));
}

TypePtr DeduceStore(const CallInfo& c) {
  const ir::TileType& tile = c.tile_arg(0);
  const ir::TensorType& tensor = c.tensor_arg(2);
  const Shape& offsets = TupleOfRank(c, 1, static_cast<int64_t>(tile.shape.size()));
  RequireIntegerElements(c, 1, offsets);
  RequireNonNegativeOffsets(c, 1, offsets);
  // The cube's store from Acc (the fixpipe) converts an FP32 accumulator to an FP16 / BF16
  // tensor on the way out, rounding to nearest even; every other store keeps the dtype.
  const bool fixpipe_cast = tile.memory == MemorySpace::Acc && tile.dtype == DataType::FP32 &&
                            (tensor.dtype == DataType::FP16 || tensor.dtype == DataType::BF16);
  if (!fixpipe_cast) RequireSameDType(c, 0, tile.dtype, 2, tensor.dtype);
  int64_t atomic = c.int_kwarg("atomic").value_or(0);
  if (atomic != 0 && atomic != 1)
    c.Fail("kwarg 'atomic' must be 0 (none) or 1 (add), got " + std::to_string(atomic));
  if (atomic == 1)
    RequireDType(c, 0, tile.dtype,
                 {DataType::FP32, DataType::BF16, DataType::FP16, DataType::INT32, DataType::INT16,
                  DataType::INT8});
  const ExprPtr& out = c.arg(2);
  // The ND form (explicit shapes) is out of scope: the tensor's type passes through.
  if (c.has_arg(3) || tile.shape.size() != tensor.shape.size()) return out->type;

  const Shape& tv = tile.valid();
  Shape grown = tensor.valid();
  bool changed = false;
  for (size_t d = 0; d < grown.size(); ++d) {
    auto o = Static(offsets[d]), v = Static(tv[d]), cur = Static(grown[d]),
         n = Static(tensor.shape[d]);
    if (!o || !v) continue;
    if (n && WindowLeaves(*o, *v, *n))
      FailWithNote(c,
                   "argument 'offsets' " + Str(offsets) + " with tile valid shape " + Str(tv) +
                       " writes beyond output_tensor shape " + Str(tensor.shape) + " in dim " +
                       std::to_string(d),
                   "keep offsets + the tile's valid shape within the output tensor (offset <= " +
                       std::to_string(*n - std::min(*n, std::max<int64_t>(0, *v))) + " in dim " +
                       std::to_string(d) + ")");
    int64_t end = 0;
    if (cur && !__builtin_add_overflow(*o, *v, &end) && end > *cur) {
      grown[d] = ConstLike(end, grown[d]);
      changed = true;
    }
  }
  if (!changed) return out->type;
  ir::TensorView view = tensor.view.value_or(ir::TensorView{});
  view.valid_shape = grown;
  return ir::MakeTensorType(tensor.shape, tensor.dtype, view);
}

TypePtr DeduceMove(const CallInfo& c) {
  const ir::TileType& src = c.tile_arg(0);
  auto target = c.mem_kwarg("target_memory");
  if (!target) c.Fail("kwarg 'target_memory' is required");
  if (*target == MemorySpace::LeftScale || *target == MemorySpace::RightScale)
    c.Fail("kwarg 'target_memory' " + std::string(ir::MemorySpaceName(*target)) +
           " is not supported (scale moves are out of scope)");
  if (*target == MemorySpace::DDR || *target == MemorySpace::ScalarLocal)
    c.Fail("kwarg 'target_memory' " + std::string(ir::MemorySpaceName(*target)) +
           " is not an on-chip tile space");
  ir::TileView eff = src.EffectiveView();
  ir::TileView v;
  v.valid_shape = src.valid();
  v.pad = eff.pad;
  switch (*target) {
    case MemorySpace::Mat:
    case MemorySpace::Left:
    case MemorySpace::Right:
    case MemorySpace::Acc: {
      ir::ImplicitLayout l = ir::ImplicitLayoutFor(src.shape, target);
      v.blayout = l.blayout;
      v.slayout = l.slayout;
      v.fractal = l.fractal;
      break;
    }
    default:
      v.blayout = eff.blayout;
      v.slayout = eff.slayout;
      v.fractal = eff.fractal;
  }
  if (*target == MemorySpace::Right) v.blayout = ir::TileLayout::row_major;
  if (auto b = c.layout_kwarg("blayout")) v.blayout = *b;
  if (auto s = c.layout_kwarg("slayout")) v.slayout = *s;
  return ir::MakeTileType(src.shape, src.dtype, target, v);
}

TypePtr DeduceIndexedRead(const CallInfo& c, size_t rank, DataType dt) {
  const Shape& idx = TupleOfRank(c, 1, static_cast<int64_t>(rank));
  RequireIntegerElements(c, 1, idx);
  return ir::MakeScalarType(dt);
}

// The source lands at offsets inside the target: same rank and dtype, the window inside the
// target's box where it is static.
TypePtr DeduceAssemble(const CallInfo& c) {
  const ir::TileType& target = c.tile_arg(0);
  const ir::TileType& source = c.tile_arg(1);
  const auto rank = static_cast<int64_t>(target.shape.size());
  if (static_cast<int64_t>(source.shape.size()) != rank)
    FailWithNote(c,
                 "argument 'source' " + Str(c.arg(1)->type) + " must have the target's rank " +
                     std::to_string(rank),
                 "reshape the source to the target's rank first");
  RequireSameDType(c, 1, source.dtype, 0, target.dtype);
  const Shape& offsets = TupleOfRank(c, 2, rank);
  RequireIntegerElements(c, 2, offsets);
  RequireNonNegativeOffsets(c, 2, offsets);
  for (size_t d = 0; d < offsets.size(); ++d) {
    auto o = Static(offsets[d]), e = Static(source.shape[d]), n = Static(target.shape[d]);
    if (o && e && n && WindowLeaves(*o, *e, *n))
      FailWithNote(c,
                   "argument 'offsets' window [" + std::to_string(*o) + ", " +
                       std::to_string(*o + *e) + ") on axis " + std::to_string(d) +
                       " leaves the target's extent " + std::to_string(*n),
                   "change the offsets so that the source fits inside the target");
  }
  return c.arg(0)->type;
}

}  // namespace

void RegisterMemoryOps(OpRegistry& r) {
  r.Register("tile.load")
      .gm_window({.access = GmWindow::Access::Read,
                  .tensor = 0,
                  .offsets = 1,
                  .extents = 3,
                  .bounds = 2,
                  .fallback = GmWindow::Fallback::Bounds})
      .arg("tensor")
      .arg("offsets")
      .arg("shapes")
      .opt_arg("valid_shape")
      .parser_default_copy(3, 2)
      .kwarg("target_memory", KwargKind::Mem)
      .kwarg("clamp", KwargKind::Bool, false)
      .deduce(DeduceLoad)
      .output_memory_from_kwarg("target_memory", std::nullopt)
      .address_args({1})
      .doc(
          "Tile[shapes, tensor dtype] in target_memory; valid = the tensor's valid extent read "
          "through the window (offsets, valid_shape), static overruns rejected unless clamp");

  r.Register("tile.store")
      .side_effect()
      .gm_window({.access = GmWindow::Access::Write,
                  .tensor = 2,
                  .offsets = 1,
                  .extents = 3,
                  .bounds = std::nullopt,
                  .fallback = GmWindow::Fallback::TileValid})
      .arg("tile")
      .arg("offsets")
      .arg("output_tensor")
      .opt_arg("shapes")
      .kwarg("atomic", KwargKind::Int, int64_t{0})
      .deduce(DeduceStore)
      .input_memory(0, {MemorySpace::Vec, MemorySpace::Acc})
      .reuses_input(2)
      .doc(
          "The output tensor's type, its static valid extent grown to cover offsets + the "
          "tile's valid shape; dtypes equal, except an FP32 Acc tile into an FP16 / BF16 tensor "
          "(converted on the way out)");

  r.Register("tile.move")
      .memory_move()
      .arg("tile")
      .kwarg("target_memory", KwargKind::Mem)
      .kwarg("blayout", KwargKind::Layout)
      .kwarg("slayout", KwargKind::Layout)
      .deduce(DeduceMove)
      .output_memory_from_kwarg("target_memory", MemorySpace::Vec)
      // The core group's data paths (core-group.md 1): L1 (Mat) feeds the cube's operand buffers
      // and crosses to the vector side; L0C (Acc) drains to L1 or crosses; UB (Vec) copies
      // locally or crosses back to the cube, into L1 or (the split gathering into L1 and keeping
      // the move as the placement, spec "V->C") straight into an operand buffer. Left, Right and
      // Bias are read by the cube in place; only a matmul writes Acc.
      .transfer_paths(
          0, {{MemorySpace::Mat,
               {MemorySpace::Mat, MemorySpace::Left, MemorySpace::Right, MemorySpace::Bias,
                MemorySpace::Vec}},
              {MemorySpace::Acc, {MemorySpace::Mat, MemorySpace::Vec}},
              {MemorySpace::Vec,
               {MemorySpace::Vec, MemorySpace::Mat, MemorySpace::Left, MemorySpace::Right}},
              {MemorySpace::DDR, {MemorySpace::Vec, MemorySpace::Mat}}})
      .doc(
          "Same shape, dtype, valid and pad in target_memory; cube targets take their implicit "
          "layout (Right: row_major blocks), blayout/slayout override");

  r.Register("tile.read")
      .arg("tile")
      .arg("indices")
      .deduce([](const CallInfo& c) {
        const ir::TileType& t = c.tile_arg(0);
        return DeduceIndexedRead(c, t.shape.size(), t.dtype);
      })
      .input_memory(0, {MemorySpace::Vec})
      .address_args({1})
      .tile_window({.source = 0,
                    .form = TileWindow::Offsets::Tuple,
                    .offsets = 1,
                    .extents = std::nullopt,
                    .valid = std::nullopt,
                    .slice_axes = false})
      .doc("Scalar of the tile's dtype at indices (one per axis)");

  // PyPTO's tile.assemble (an Acc result written into a Mat panel, a Vec tile into a Vec one).
  // The offsets address the target: under a split they are absolute coordinates of the whole
  // tile, so the split refuses the op when either tile is a lane's band (address_args).
  r.Register("tile.assemble")
      .arg("target")
      .arg("source")
      .arg("offsets")
      .deduce(DeduceAssemble)
      .input_memory(0, {MemorySpace::Vec, MemorySpace::Mat})
      .input_memory_side_of(1, 0)
      .output_memory_inherit()
      .address_args({2})
      .doc(
          "target with the source's valid elements written at offsets (same rank and dtype): "
          "target's type, in target's space");

  r.Register("tensor.read")
      .tile_form({TileForm::Kind::Read, "tile.read"})
      .gm_operands({0})
      .gm_window({.access = GmWindow::Access::Read,
                  .tensor = 0,
                  .offsets = 1,
                  .extents = std::nullopt,
                  .bounds = std::nullopt,
                  .fallback = GmWindow::Fallback::Unit})
      .arg("tensor")
      .arg("indices")
      .deduce([](const CallInfo& c) {
        const ir::TensorType& t = c.tensor_arg(0);
        return DeduceIndexedRead(c, t.shape.size(), t.dtype);
      })
      .doc("Scalar of the tensor's dtype at indices (one per axis)");
}

}  // namespace tilesplit::ops
