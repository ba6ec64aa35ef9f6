// Views and layout (ops.md 2.4): slice, reshape, reinterpret_view, extract, set_validshape,
// transpose, transpose_view. None has input-memory constraints.
#include <algorithm>

#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/slice_axes.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;
using ir::TileLayout;

SliceAxes MakeSliceAxes(size_t rank, const std::vector<int64_t>& drop_dims) {
  SliceAxes a;
  for (size_t d = 0; d < rank; ++d)
    if (std::find(drop_dims.begin(), drop_dims.end(), static_cast<int64_t>(d)) == drop_dims.end())
      a.surviving.push_back(d);
  a.prepended = a.surviving.size() < 2 ? 2 - a.surviving.size() : 0;
  return a;
}

SliceAxes SliceAxesOf(const ir::Call& slice) {
  std::vector<int64_t> drops;
  if (slice.args.size() > 4 && slice.args[4])
    if (const auto* t = slice.args[4]->As<ir::MakeTuple>())
      for (const auto& e : t->elements)
        if (auto v = Static(e)) drops.push_back(*v);
  const ir::TileType* in = slice.args.empty() ? nullptr : ir::TileTypeOf(slice.args[0]);
  return MakeSliceAxes(in ? in->shape.size() : 0, drops);
}

namespace {

TypePtr DeduceSlice(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  int64_t rank = static_cast<int64_t>(in.shape.size());
  const Shape& shape = TupleOfRank(c, 1, rank);
  RequireStaticPositive(c, 1, shape);
  const Shape& offset = TupleOfRank(c, 2, rank);
  RequireIntegerElements(c, 2, offset);
  RequireNonNegativeOffsets(c, 2, offset);
  const Shape* given_valid = nullptr;
  if (c.has_arg(3) && !c.tuple_arg(3).empty()) {
    given_valid = &TupleOfRank(c, 3, rank);
    RequireIntegerElements(c, 3, *given_valid);
  }
  Shape valid(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    auto o = Static(offset[d]), n = Static(in.shape[d]);
    if (o && n && WindowLeaves(*o, *Static(shape[d]), *n))
      c.Fail("argument 'shape' " + Str(shape) + " at offset " + Str(offset) +
             " does not fit in input shape " + Str(in.shape) + " (dim " + std::to_string(d) + ")");
    valid[d] = given_valid ? (*given_valid)[d] : WindowRead(offset[d], shape[d], in.valid()[d]);
  }

  std::vector<int64_t> drops;
  if (c.has_arg(4)) {
    for (const auto& e : c.tuple_arg(4)) {
      auto d = Static(e);
      if (!d || *d < 0 || *d >= rank)
        c.Fail("argument 'drop_dims' element " + Str(e) + " must be a static axis in [0, " +
               std::to_string(rank) + ")");
      if (std::find(drops.begin(), drops.end(), *d) != drops.end())
        c.Fail("argument 'drop_dims' lists axis " + std::to_string(*d) + " twice");
      if (*Static(shape[*d]) != 1 || Static(valid[*d]) != 1)
        c.Fail("argument 'drop_dims' axis " + std::to_string(*d) +
               " must be a unit axis with valid extent 1, got shape " + Str(shape) + " valid " +
               Str(valid));
      drops.push_back(*d);
    }
  }
  SliceAxes axes = MakeSliceAxes(shape.size(), drops);
  Shape out_shape, out_valid;
  for (size_t k = 0; k < axes.prepended; ++k) {
    out_shape.push_back(ir::Index(1));
    out_valid.push_back(ir::Index(1));
  }
  for (size_t a : axes.surviving) {
    out_shape.push_back(shape[a]);
    out_valid.push_back(valid[a]);
  }

  ir::TileView v = in.view ? LayoutOf(in) : ImplicitView(out_shape, std::nullopt, {});
  v.valid_shape = out_valid;
  if (auto p = c.pad_kwarg("pad_value")) v.pad = *p;
  return ir::MakeTileType(out_shape, in.dtype, std::nullopt, v);
}

// ops.md 2.4 tile.reshape valid mapping; nullopt when no case applies.
std::optional<Shape> ReshapeValid(const ir::TileType& in, const Shape& out) {
  const Shape& sv = in.valid();
  if (FullyValid(in)) return out;
  if (ProvablyEmpty(sv)) {
    Shape z;
    for (const auto& d : out) z.push_back(ConstLike(0, d));
    return z;
  }
  // Only unit axes added or removed: the non-unit dims correspond one to one.
  auto non_unit = [](const Shape& s) {
    std::vector<size_t> idx;
    for (size_t i = 0; i < s.size(); ++i)
      if (Static(s[i]) != 1) idx.push_back(i);
    return idx;
  };
  std::vector<size_t> a = non_unit(in.shape), b = non_unit(out);
  if (a.size() == b.size()) {
    bool same = true;
    for (size_t i = 0; i < a.size() && same; ++i) same = ProvablyEqual(in.shape[a[i]], out[b[i]]);
    if (same) {
      Shape v;
      for (const auto& d : out) v.push_back(ConstLike(1, d));
      for (size_t i = 0; i < a.size(); ++i) v[b[i]] = sv[a[i]];
      return v;
    }
  }
  // A row-major prefix [v0, S1, ..., Sn] that is a rectangle in the new shape.
  if (sv.empty()) return std::nullopt;
  for (size_t d = 1; d < sv.size(); ++d)
    if (!ProvablyEqual(sv[d], in.shape[d])) return std::nullopt;
  auto v0 = Static(sv[0]);
  auto tail = StaticProduct(Shape(in.shape.begin() + 1, in.shape.end()));
  if (!v0 || !tail || out.empty() || !AllStatic(out)) return std::nullopt;
  int64_t out_tail = *StaticProduct(Shape(out.begin() + 1, out.end()));
  int64_t p = *v0 * *tail;
  if (out_tail > 0 && p % out_tail == 0) {
    Shape v = out;
    v[0] = ConstLike(p / out_tail, out[0]);
    return v;
  }
  if (p <= *Static(out.back())) {
    Shape v;
    for (size_t i = 0; i + 1 < out.size(); ++i) v.push_back(ConstLike(1, out[i]));
    v.push_back(ConstLike(p, out.back()));
    return v;
  }
  return std::nullopt;
}

TypePtr DeduceReshape(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  const Shape& shape = c.tuple_arg(1);
  if (shape.empty()) c.Fail("argument 'shape' must not be empty");
  RequireIntegerElements(c, 1, shape);
  for (const auto& d : shape)
    if (auto v = Static(d); v && *v <= 0)
      c.Fail("argument 'shape' " + Str(shape) + " must hold positive extents");
  auto n_in = StaticProduct(in.shape), n_out = StaticProduct(shape);
  if (n_in && n_out && *n_in != *n_out)
    c.Fail("argument 'shape' " + Str(shape) + " holds " + std::to_string(*n_out) +
           " elements but input shape " + Str(in.shape) + " holds " + std::to_string(*n_in));
  auto valid = ReshapeValid(in, shape);
  if (!valid)
    c.Fail("argument 'input' valid shape " + Str(in.valid()) + " of shape " + Str(in.shape) +
           " cannot be mapped onto shape " + Str(shape));
  ir::TileView eff = in.EffectiveView();
  ir::TileView v = ImplicitView(shape, std::nullopt, *valid);
  v.pad = eff.pad;
  v.compact = eff.compact;
  return ir::MakeTileType(shape, in.dtype, std::nullopt, v);
}

// Scales extent `e` by bits(old)/bits(new); nullopt when the result is not an integer.
std::optional<ExprPtr> ScaleExtent(const ExprPtr& e, int bo, int bn) {
  if (bo == bn) return e;
  if (auto v = Static(e)) {
    if ((*v * bo) % bn != 0) return std::nullopt;
    return ConstLike(*v * bo / bn, e);
  }
  if (bo % bn == 0) return ir::Mul(e, ConstLike(bo / bn, e));
  return std::nullopt;
}

TypePtr DeduceReinterpretView(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  DataType dt = RequiredDType(c, "dtype");
  ir::TileView eff = in.EffectiveView();
  if (eff.slayout != TileLayout::none_box)
    c.Fail("argument 'data' must be flat (slayout none_box), got slayout " +
           std::string(ir::TileLayoutName(eff.slayout)));
  if (eff.blayout == TileLayout::none_box) c.Fail("argument 'data' must be row_major or col_major");
  if (!eff.stride.empty() || (eff.start_offset && Static(eff.start_offset) != 0))
    c.Fail("argument 'data' must be packed (no stride, no start_offset)");
  if (in.shape.empty()) c.Fail("argument 'data' must have rank >= 1");
  int bo = ir::DataTypeBits(in.dtype), bn = ir::DataTypeBits(dt);
  size_t axis = eff.blayout == TileLayout::row_major ? in.shape.size() - 1 : 0;
  Shape scaled = in.shape, scaled_valid = in.valid();
  auto s = ScaleExtent(in.shape[axis], bo, bn);
  auto sv = ScaleExtent(scaled_valid[axis], bo, bn);
  std::string why = "dim " + std::to_string(axis) + " of shape " + Str(in.shape) + " (valid " +
                    Str(in.valid()) + ") does not scale by " + std::to_string(bo) + "/" +
                    std::to_string(bn) + " bits to an integer";

  Shape out_shape, out_valid;
  if (!c.has_arg(1)) {
    if (!s || !sv) c.Fail("argument 'data' " + why);
    scaled[axis] = *s;
    scaled_valid[axis] = *sv;
    out_shape = scaled;
    out_valid = scaled_valid;
  } else {
    out_shape = c.tuple_arg(1);
    RequireIntegerElements(c, 1, out_shape);
    auto n_in = StaticProduct(in.shape), n_out = StaticProduct(out_shape);
    if (n_in && n_out && *n_in * bo != *n_out * bn)
      c.Fail("argument 'shape' " + Str(out_shape) + " of " + std::string(ir::DataTypeName(dt)) +
             " does not have the byte size of input shape " + Str(in.shape) + " of " +
             std::string(ir::DataTypeName(in.dtype)));
    if (FullyValid(in)) {
      out_valid = out_shape;
    } else {
      if (s && sv) {
        scaled[axis] = *s;
        scaled_valid[axis] = *sv;
      }
      if (!s || !sv || !ShapesProvablyEqual(out_shape, scaled))
        c.Fail("argument 'shape' " + Str(out_shape) +
               " must be the scaled shape of a partially valid input (valid " + Str(in.valid()) +
               " of " + Str(in.shape) + ")");
      out_valid = scaled_valid;
    }
  }
  ir::TileView v = eff;
  v.valid_shape = out_valid;
  v.stride.clear();
  v.pad = ir::PadValue::null;
  return ir::MakeTileType(out_shape, dt, std::nullopt, v);
}

TypePtr DeduceExtract(const CallInfo& c) {
  const ir::TileType& src = c.tile_arg(0);
  RequireRank(c, 0, src, 2);
  const ExprPtr& row = c.index_arg(1);
  const ExprPtr& col = c.index_arg(2);
  const Shape& shape = TupleOfRank(c, 3, 2);
  RequireStaticPositive(c, 3, shape);
  MemorySpace target = c.mem_kwarg("target_memory").value_or(MemorySpace::Vec);
  Shape off{row, col}, valid(2);
  for (size_t d = 0; d < 2; ++d) {
    auto o = Static(off[d]), n = Static(src.shape[d]);
    if (o && n && WindowLeaves(*o, *Static(shape[d]), *n))
      c.Fail("argument 'shape' " + Str(shape) + " at [" + Str(row) + ", " + Str(col) +
             "] does not fit in src shape " + Str(src.shape));
    valid[d] = WindowRead(off[d], shape[d], src.valid()[d]);
  }
  ir::TileView v = ImplicitView(shape, target, valid);
  if (target == MemorySpace::Left || target == MemorySpace::Right) {
    v.blayout = TileLayout::row_major;
    v.slayout = target == MemorySpace::Left ? TileLayout::row_major : TileLayout::col_major;
    if (!ShapesProvablyEqual(valid, shape)) v.compact = ir::CompactMode::normal;
  }
  return ir::MakeTileType(shape, src.dtype, target, v);
}

TypePtr DeduceSetValidShape(const CallInfo& c) {
  const ir::TileType& t = c.tile_arg(0);
  RequireRank(c, 0, t, 2);
  Shape valid{c.index_arg(1), c.index_arg(2)};
  for (size_t d = 0; d < 2; ++d) {
    auto v = Static(valid[d]), n = Static(t.shape[d]);
    if (v && (*v < 0 || (n && *v > *n)))
      c.Fail("argument " + Quote(c.arg_name(d + 1)) + " " + std::to_string(*v) +
             " must lie in [0, " + Str(t.shape[d]) + "]");
  }
  return ir::WithValid(t, valid);
}

size_t StaticAxis(const CallInfo& c, size_t i, size_t rank) {
  auto v = Static(c.arg(i));
  int64_t r = static_cast<int64_t>(rank);
  if (!v || *v < -r || *v >= r)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must be a static axis in [" + std::to_string(-r) +
           ", " + std::to_string(r) + "), got " + Str(c.arg(i)));
  return static_cast<size_t>(*v < 0 ? *v + r : *v);
}

TypePtr DeduceTranspose(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  RequireMinRank(c, 0, in, 2);
  size_t a1 = StaticAxis(c, 1, in.shape.size()), a2 = StaticAxis(c, 2, in.shape.size());
  if (a1 == a2)
    c.Fail("argument 'axis2' must differ from axis1, both are axis " + std::to_string(a1));
  if (c.has_arg(3)) {
    const ir::TileType& tmp = c.tile_arg(3);
    RequireSameDType(c, 3, tmp.dtype, 0, in.dtype);
    if (tmp.shape.size() != in.shape.size()) RequireRank(c, 3, tmp, in.shape.size());
  }
  Shape shape = in.shape;
  std::swap(shape[a1], shape[a2]);
  return ir::MakeTileType(shape, in.dtype);
}

TileLayout Flip(TileLayout l) {
  if (l == TileLayout::row_major) return TileLayout::col_major;
  if (l == TileLayout::col_major) return TileLayout::row_major;
  return l;
}

TypePtr DeduceTransposeView(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  RequireMinRank(c, 0, in, 2);
  size_t n = in.shape.size();
  Shape shape = in.shape, valid = in.valid();
  std::swap(shape[n - 2], shape[n - 1]);
  std::swap(valid[n - 2], valid[n - 1]);
  ir::TileView v = in.EffectiveView();
  v.valid_shape = valid;
  if (v.stride.size() == n) std::swap(v.stride[n - 2], v.stride[n - 1]);
  v.blayout = Flip(v.blayout);
  v.slayout = Flip(v.slayout);
  return ir::MakeTileType(shape, in.dtype, std::nullopt, v);
}

TypePtr DeduceConcat(const CallInfo& c) {
  const ir::TileType& a = c.tile_arg(0);
  const ir::TileType& b = c.tile_arg(1);
  RequireSameDType(c, 1, b.dtype, 0, a.dtype);
  Joined j = ConcatLastAxis(c, a.shape, a.valid(), b.shape, b.valid());
  ir::TileView v = a.view ? LayoutOf(a) : ImplicitView(j.shape, std::nullopt, {});
  v.valid_shape = j.valid;
  return ir::MakeTileType(j.shape, a.dtype, std::nullopt, v);
}

}  // namespace

void RegisterViewOps(OpRegistry& r) {
  r.Register("tile.slice")
      .arg("input")
      .arg("shape")
      .arg("offset")
      .opt_arg("valid_shape")
      .opt_arg("drop_dims")
      .kwarg("pad_value", KwargKind::Pad)
      .deduce(DeduceSlice)
      .output_memory_inherit()
      .address_args({2})
      .tile_window({.source = 0,
                    .form = TileWindow::Offsets::Tuple,
                    .offsets = 2,
                    .extents = 1,
                    .valid = 3,
                    .slice_axes = true})
      .doc(
          "The window shape at offset (valid = valid_shape or the window read of the input), "
          "drop_dims removed, unit axes prepended up to rank 2; stored layout kept");

  r.Register("tile.reshape")
      .reshapes(RectangleChange::OrderKept)
      .arg("input")
      .arg("shape")
      .shape_arg(1)
      .deduce(DeduceReshape)
      .output_memory_inherit()
      .doc(
          "Tile[shape, dtype] over the same elements; valid mapped when full, empty, unit-axis "
          "only or a row-major prefix rectangle; implicit layout for the new shape");

  r.Register("tile.reinterpret_view")
      .reshapes(RectangleChange::OrderKept)
      .arg("data")
      .opt_arg("shape")
      .shape_arg(1)
      .reinterprets_bytes()
      .req_kwarg("dtype", KwargKind::DType)
      .deduce(DeduceReinterpretView)
      .output_memory_inherit()
      .doc(
          "The same bytes as dtype: the contiguous axis scaled by the bit ratio, or the given "
          "shape of equal byte size; view kept with pad reset");

  r.Register("tile.extract")
      .arg("src")
      .arg("index_row")
      .arg("index_col")
      .arg("shape")
      .kwarg("target_memory", KwargKind::Mem, MemorySpace::Vec)
      .deduce(DeduceExtract)
      .output_memory_from_kwarg("target_memory", MemorySpace::Vec)
      .address_args({1, 2})
      .tile_window({.source = 0,
                    .form = TileWindow::Offsets::Scalars,
                    .offsets = 1,
                    .extents = 3,
                    .valid = std::nullopt,
                    .slice_axes = false})
      .doc(
          "Tile[shape, src dtype] in target_memory copied from [index_row, index_col]; valid = "
          "window read; Left/Right get row-major fractal layouts");

  r.Register("tile.set_validshape")
      .valid_shape_setter()
      .arg("tile")
      .arg("valid_rows")
      .arg("valid_cols")
      .deduce(DeduceSetValidShape)
      .output_memory_inherit()
      .doc("The tile's type with valid shape [valid_rows, valid_cols]");

  r.Register("tile.transpose")
      .reshapes(RectangleChange::OrderPermuted)
      .arg("input")
      .arg("axis1")
      .arg("axis2")
      .opt_arg("tmp")
      .swaps_axes(1, 2)
      .deduce(DeduceTranspose)
      .output_memory_inherit()
      .lane_invariant_arg(3, LaneInvariantKind::Scratch)
      .doc("A copy with axis1 and axis2 of the shape exchanged, fully valid, implicit layout");

  r.Register("tile.concat")
      .arg("src0")
      .arg("src1")
      .input_memory(0, {MemorySpace::Vec})
      .input_memory(1, {MemorySpace::Vec})
      .output_memory_fixed(MemorySpace::Vec)
      .combines(CombinedOperands::All, CombinedAxes::Last, "joins along")
      .deduce(DeduceConcat)
      .doc(
          "src1 joined after src0 along the last axis (same dtype, same extents on the other "
          "axes, src0 fully valid along the last): valid = src0's extent + src1's valid extent");

  r.Register("tile.transpose_view")
      .reshapes(RectangleChange::OrderPermuted)
      .arg("input")
      .deduce(DeduceTransposeView)
      .output_memory_inherit()
      .doc(
          "Zero-copy view: last two axes of shape and valid swapped, row/col-major layouts "
          "flipped");
}

}  // namespace tilesplit::ops
