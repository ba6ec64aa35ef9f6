// Tensor-level ops (PyPTO's `tensor.*`): whole-array arithmetic, creation, windows and matmul on
// GM tensors, written by tensor-level programs before ConvertTensorToTileOps turns each into tile
// ops. The `pl.*` short forms reach them when the first operand is a Tensor (dsl.md 7.1). They are
// values: none writes a tensor in place (assemble and write return an updated copy), so a split
// program that still holds one computes the same thing on every core that runs it.
#include <string>
#include <tuple>
#include <utility>

#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;

namespace {

TypePtr TensorOf(Shape shape, DataType dt) {
  return ir::MakeTensorType(std::move(shape), dt);
}

TypePtr DeduceBinary(const CallInfo& c) {
  const ir::TensorType& l = c.tensor_arg(0);
  const ir::TensorType& r = c.tensor_arg(1);
  auto dt = Promote(l.dtype, r.dtype);
  if (!dt)
    c.Fail("argument 'rhs' dtype " + std::string(ir::DataTypeName(r.dtype)) +
               " has no common type with lhs dtype " + std::string(ir::DataTypeName(l.dtype)),
           "cast one operand to the other's dtype first");
  return TensorOf(BroadcastShapes(c, l.shape, 0, r.shape, 1), *dt);
}

// A division: as DeduceBinary; high_precision (the slower, more precise vector path) needs a
// float result, as tile.div's does.
TypePtr DeduceDivide(const CallInfo& c) {
  TypePtr t = DeduceBinary(c);
  const DataType dt = t->As<ir::TensorType>()->dtype;
  if (c.bool_kwarg("high_precision").value_or(false) && !ir::IsFloat(dt))
    c.Fail("kwarg 'high_precision' needs a float dtype, got " + std::string(ir::DataTypeName(dt)),
           "drop high_precision=True, or cast the operands to a float dtype");
  return t;
}

TypePtr DeduceWithScalar(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  ScalarArg(c, 1);
  return TensorOf(t.shape, t.dtype);
}

TypePtr DeduceUnary(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  return TensorOf(t.shape, t.dtype);
}

TypePtr DeduceFloatUnary(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  RequireDType(c, 0, t.dtype, {DataType::FP16, DataType::FP32, DataType::BF16});
  return TensorOf(t.shape, t.dtype);
}

TypePtr DeduceCast(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  DataType target = RequiredDType(c, "target_type");
  int64_t mode = RequiredInt(c, "mode");
  if (mode < 0 || mode > 6)
    c.Fail("kwarg 'mode' must be in 0..6, got " + std::to_string(mode),
           "use one of none, rint, round, floor, ceil, trunc or odd");
  return TensorOf(t.shape, target);
}

// A shape operand: a non-empty tuple of positive static or integer dynamic extents.
const Shape& ShapeArg(const CallInfo& c, size_t i) {
  const Shape& s = TupleOfRank(c, i, -1);
  if (s.empty())
    c.Fail("argument " + Quote(c.arg_name(i)) + " must not be empty", "give at least one extent");
  RequireIntegerElements(c, i, s);
  for (const ExprPtr& d : s)
    if (auto v = Static(d); v && !DimProblem(*v).empty())
      c.Fail("argument " + Quote(c.arg_name(i)) + " dimension " + DimProblem(*v),
             "use extents of at least 1");
  return s;
}

TypePtr DeduceCreate(const CallInfo& c) {
  // layout=ND is dropped when the call is built (the layout of every created tensor); another
  // layout would need a created tensor whose storage runs along its first axis, which no consumer
  // of a created tensor reads.
  if (const AttrValue* l = ir::FindAttr(c.kwargs, "layout"))
    c.Fail("kwarg 'layout' " + ir::AttrValueToString(*l) +
               " is not supported: a created tensor is row-major (ND)",
           "drop layout=, or pass pl.TensorLayout.ND; transpose with pl.transpose where a "
           "column-major view is needed");
  return TensorOf(ShapeArg(c, 0), RequiredDType(c, "dtype"));
}

TypePtr DeduceFull(const CallInfo& c) {
  const Shape& shape = ShapeArg(c, 0);
  const ExprPtr& value = c.arg(1);
  if (!value->type || value->type->kind != ir::TypeKind::Scalar)
    c.Fail("argument 'value' must be a scalar, got " + Str(value->type),
           "pass a scalar value such as 0.0");
  return TensorOf(shape, RequiredDType(c, "dtype"));
}

// The window [offsets, offsets + shape) of `t` must lie inside it where both are static.
void RequireWindowInside(const CallInfo& c, const ir::TensorType& t, size_t off_arg,
                         const Shape& offsets, const Shape& extents) {
  for (size_t d = 0; d < offsets.size(); ++d) {
    auto o = Static(offsets[d]);
    auto e = Static(extents[d]);
    auto n = Static(t.shape[d]);
    if (o && e && n && WindowLeaves(*o, *e, *n))
      c.Fail("argument " + Quote(c.arg_name(off_arg)) + " window [" + std::to_string(*o) + ", " +
                 std::to_string(*o + *e) + ") on axis " + std::to_string(d) +
                 " leaves the extent " + std::to_string(*n),
             "change the offsets or the extents so that the window fits");
  }
}

TypePtr DeduceSlice(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  const Shape& shape = ShapeArg(c, 1);
  const auto rank = static_cast<int64_t>(t.shape.size());
  if (static_cast<int64_t>(shape.size()) != rank)
    c.Fail("argument 'shape' has " + std::to_string(shape.size()) + " extents but the tensor " +
               Str(c.arg(0)->type) + " has rank " + std::to_string(rank),
           "give one extent per axis of the tensor");
  const Shape& offsets = TupleOfRank(c, 2, rank);
  RequireIntegerElements(c, 2, offsets);
  RequireNonNegativeOffsets(c, 2, offsets);
  Shape valid;
  if (c.has_arg(3) && !c.tuple_arg(3).empty()) {
    // A window with a valid shape reads only its valid part from the tensor: the box may reach
    // past the tensor's end (PyPTO's ragged tail: 15 valid rows of a 16-row box from a 15-row
    // tensor), the rows and columns beyond the valid shape being undefined.
    valid = TupleOfRank(c, 3, rank);
    RequireIntegerElements(c, 3, valid);
    for (size_t d = 0; d < valid.size(); ++d) {
      auto v = Static(valid[d]);
      auto e = Static(shape[d]);
      if (v && e && (*v < 0 || *v > *e))
        c.Fail("argument 'valid_shape' extent " + std::to_string(*v) + " on axis " +
                   std::to_string(d) + " is outside [0, " + std::to_string(*e) +
                   "], the window's extent",
               "give a valid extent between 0 and the window's shape");
    }
    RequireWindowInside(c, t, 2, offsets, valid);
  } else {
    RequireWindowInside(c, t, 2, offsets, shape);
  }
  // drop_dims removes unit axes (each valid on its one element); a tensor keeps its rank
  // otherwise (no unit axes are prepended: that is a tile's rank-2 floor).
  Shape out_shape = shape, out_valid = valid;
  if (c.has_arg(4)) {
    std::vector<bool> drop(shape.size(), false);
    for (const ExprPtr& e : c.tuple_arg(4)) {
      auto d = Static(e);
      if (!d || *d < 0 || *d >= rank)
        c.Fail("argument 'drop_dims' element " + Str(e) + " must be a static axis in [0, " +
                   std::to_string(rank) + ")",
               "list the axes to drop by their static index");
      const auto a = static_cast<size_t>(*d);
      if (drop[a])
        c.Fail("argument 'drop_dims' lists axis " + std::to_string(*d) + " twice",
               "list each axis once");
      if (Static(shape[a]) != 1 || (!valid.empty() && Static(valid[a]) != 1))
        c.Fail("argument 'drop_dims' axis " + std::to_string(*d) +
                   " must be a unit axis with valid extent 1, got shape " + Str(shape) +
                   (valid.empty() ? "" : " valid " + Str(valid)),
               "drop only axes of extent 1");
      drop[a] = true;
    }
    out_shape.clear();
    out_valid.clear();
    for (size_t a = 0; a < shape.size(); ++a) {
      if (drop[a]) continue;
      out_shape.push_back(shape[a]);
      if (!valid.empty()) out_valid.push_back(valid[a]);
    }
    if (out_shape.empty())
      c.Fail("argument 'drop_dims' drops every axis of the window " + Str(shape),
             "keep at least one axis (read a single element with pl.tensor.read)");
  }
  ir::TensorView v;
  if (!out_valid.empty()) v.valid_shape = out_valid;
  if (auto p = c.pad_kwarg("pad_value")) v.pad = *p;
  if (v.valid_shape.empty() && v.pad == ir::PadValue::null) return TensorOf(out_shape, t.dtype);
  return ir::MakeTensorType(out_shape, t.dtype, v);
}

TypePtr DeduceAssemble(const CallInfo& c) {
  const ir::TensorType& target = c.tensor_arg(0);
  const ir::TensorType& source = c.tensor_arg(1);
  const auto rank = static_cast<int64_t>(target.shape.size());
  if (static_cast<int64_t>(source.shape.size()) != rank)
    c.Fail("argument 'source' " + Str(c.arg(1)->type) + " must have the target's rank " +
               std::to_string(rank),
           "reshape the source to the target's rank first");
  RequireSameDType(c, 1, source.dtype, 0, target.dtype);
  const Shape& offsets = TupleOfRank(c, 2, rank);
  RequireIntegerElements(c, 2, offsets);
  RequireNonNegativeOffsets(c, 2, offsets);
  RequireWindowInside(c, target, 2, offsets, source.shape);
  return TensorOf(target.shape, target.dtype);
}

TypePtr DeduceReshape(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  const Shape& shape = ShapeArg(c, 1);
  auto from = StaticProduct(t.shape);
  auto to = StaticProduct(shape);
  if (from && to && *from != *to)
    c.Fail("argument 'shape' " + Str(shape) + " holds " + std::to_string(*to) +
               " elements but the tensor holds " + std::to_string(*from),
           "make the new shape hold the same number of elements");
  return TensorOf(shape, t.dtype);
}

// A view of a packed tensor under another shape of the same element count: the same storage.
TypePtr DeduceView(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  if (t.view && !t.view->stride.empty())
    c.Fail("argument 'tensor' must be packed (no stride), got " + Str(c.arg(0)->type),
           "view the packed tensor the strided view was taken from");
  return DeduceReshape(c);
}

TypePtr DeduceMatmul(const CallInfo& c) {
  const ir::TensorType& a = c.tensor_arg(0);
  const ir::TensorType& b = c.tensor_arg(1);
  if (a.shape.size() != 2)
    c.Fail("argument 'lhs' must have rank 2, got " + Str(c.arg(0)->type),
           "reshape the operand to rank 2 first");
  if (b.shape.size() != 2)
    c.Fail("argument 'rhs' must have rank 2, got " + Str(c.arg(1)->type),
           "reshape the operand to rank 2 first");
  const bool at = c.bool_kwarg("a_trans").value_or(false);
  const bool bt = c.bool_kwarg("b_trans").value_or(false);
  const ExprPtr& m = a.shape[at ? 1 : 0];
  const ExprPtr& ka = a.shape[at ? 0 : 1];
  const ExprPtr& kb = b.shape[bt ? 1 : 0];
  const ExprPtr& n = b.shape[bt ? 0 : 1];
  if (ProvablyDifferent(ka, kb))
    c.Fail("argument 'rhs' contraction extent " + Str(kb) + " differs from lhs's " + Str(ka),
           "use operands whose contraction extents agree (a_trans / b_trans transpose one)");
  if (ir::IsFloat(a.dtype) != ir::IsFloat(b.dtype))
    c.Fail("argument 'rhs' dtype " + std::string(ir::DataTypeName(b.dtype)) +
               " mixes float and integer with lhs dtype " + std::string(ir::DataTypeName(a.dtype)),
           "cast one operand so that both are float or both integer");
  DataType out = c.dtype_kwarg("out_dtype").value_or(a.dtype);
  return TensorOf({m, n}, out);
}

TypePtr DeduceMatmulAcc(const CallInfo& c) {
  const ir::TensorType& acc = c.tensor_arg(0);
  const ir::TensorType& a = c.tensor_arg(1);
  const ir::TensorType& b = c.tensor_arg(2);
  for (size_t i = 0; i < 3; ++i)
    if (c.tensor_arg(i).shape.size() != 2)
      c.Fail("argument " + Quote(c.arg_name(i)) + " must have rank 2, got " + Str(c.arg(i)->type),
             "reshape the operand to rank 2 first");
  if (ProvablyDifferent(a.shape[1], b.shape[0]))
    c.Fail("argument 'rhs' contraction extent " + Str(b.shape[0]) + " differs from lhs's " +
               Str(a.shape[1]),
           "use operands whose contraction extents agree");
  if (ProvablyDifferent(a.shape[0], acc.shape[0]) || ProvablyDifferent(b.shape[1], acc.shape[1]))
    c.Fail("argument 'acc' " + Str(c.arg(0)->type) + " does not hold the product [" +
               Str(a.shape[0]) + ", " + Str(b.shape[1]) + "]",
           "make the accumulator a tensor shaped like lhs @ rhs");
  if (ir::IsFloat(a.dtype) != ir::IsFloat(b.dtype) ||
      ir::IsFloat(a.dtype) != ir::IsFloat(acc.dtype))
    c.Fail("argument 'acc' dtype " + std::string(ir::DataTypeName(acc.dtype)) +
               " mixes float and integer with the operands' " +
               std::string(ir::DataTypeName(a.dtype)),
           "cast the operands so that all three are float or all integer");
  return TensorOf(acc.shape, acc.dtype);
}

TypePtr DeduceRowReduce(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  if (t.shape.size() != 2)
    c.Fail("argument 'tensor' must have rank 2, got " + Str(c.arg(0)->type),
           "reshape the tensor to rank 2 first");
  return TensorOf({t.shape[0], ConstLike(1, t.shape[1])}, t.dtype);
}

TypePtr DeduceColReduce(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  if (t.shape.size() != 2)
    c.Fail("argument 'tensor' must have rank 2, got " + Str(c.arg(0)->type),
           "reshape the tensor to rank 2 first");
  return TensorOf({ConstLike(1, t.shape[0]), t.shape[1]}, t.dtype);
}

TypePtr DeduceWrite(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  const Shape& idx = TupleOfRank(c, 1, static_cast<int64_t>(t.shape.size()));
  RequireIntegerElements(c, 1, idx);
  ScalarArg(c, 2);
  return TensorOf(t.shape, t.dtype);
}

TypePtr DeduceDim(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  const auto axis = Static(c.arg(1));
  const auto rank = static_cast<int64_t>(t.shape.size());
  if (!axis)
    c.Fail("argument 'axis' must be an integer constant, got " + Str(c.arg(1)),
           "write the axis as an integer literal");
  if (*axis < -rank || *axis >= rank)
    c.Fail("argument 'axis' " + std::to_string(*axis) + " is out of range for rank " +
               std::to_string(rank),
           "use an axis in [-rank, rank)");
  return ir::MakeScalarType(DataType::INDEX);
}

// A static axis of a rank-`rank` tensor (negative counts from the end).
size_t TensorAxis(const CallInfo& c, size_t i, size_t rank) {
  const auto v = Static(c.arg(i));
  const auto r = static_cast<int64_t>(rank);
  if (!v || *v < -r || *v >= r)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must be a static axis in [" + std::to_string(-r) +
               ", " + std::to_string(r) + "), got " + Str(c.arg(i)),
           "write the axis as an integer literal within the tensor's rank");
  return static_cast<size_t>(*v < 0 ? *v + r : *v);
}

TypePtr DeduceTranspose(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  if (t.shape.size() < 2)
    c.Fail("argument 'tensor' must have rank >= 2, got " + Str(c.arg(0)->type),
           "reshape the tensor to rank 2 first");
  const size_t a1 = TensorAxis(c, 1, t.shape.size());
  const size_t a2 = TensorAxis(c, 2, t.shape.size());
  if (a1 == a2)
    c.Fail("argument 'axis2' must differ from axis1, both are axis " + std::to_string(a1),
           "use two different axes");
  Shape shape = t.shape;
  std::swap(shape[a1], shape[a2]);
  return TensorOf(shape, t.dtype);
}

Shape TensorValid(const ir::TensorType& t) {
  return t.view && !t.view->valid_shape.empty() ? t.view->valid_shape : t.shape;
}

// The joined tensor keeps a valid shape only where it is not the whole tensor.
TypePtr DeduceConcat(const CallInfo& c) {
  const ir::TensorType& a = c.tensor_arg(0);
  const ir::TensorType& b = c.tensor_arg(1);
  RequireSameDType(c, 1, b.dtype, 0, a.dtype);
  Joined j = ConcatLastAxis(c, a.shape, TensorValid(a), b.shape, TensorValid(b));
  if (ShapesProvablyEqual(j.valid, j.shape)) return TensorOf(j.shape, a.dtype);
  ir::TensorView v;
  v.valid_shape = j.valid;
  return ir::MakeTensorType(j.shape, a.dtype, v);
}

// Only the valid extent changes: a zero-copy view of the same elements (tile.set_validshape once
// converted).
TypePtr DeduceSetValidShape(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  if (t.shape.size() != 2)
    c.Fail("argument 'tensor' must have rank 2, got " + Str(c.arg(0)->type),
           "reshape the tensor to rank 2 first");
  Shape valid{c.index_arg(1), c.index_arg(2)};
  for (size_t d = 0; d < 2; ++d) {
    auto v = Static(valid[d]);
    auto n = Static(t.shape[d]);
    if (v && (*v < 0 || (n && *v > *n)))
      c.Fail("argument " + Quote(c.arg_name(d + 1)) + " " + std::to_string(*v) +
                 " must lie in [0, " + Str(t.shape[d]) + "]",
             "give a valid extent between 0 and the tensor's extent");
  }
  ir::TensorView v;
  v.valid_shape = valid;
  return ir::MakeTensorType(t.shape, t.dtype, v);
}

// The same bytes as another dtype. A DN tensor's contiguous axis is its first; only a packed
// (stride-free) tensor has one.
TypePtr DeduceReinterpretView(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  const DataType dt = RequiredDType(c, "dtype");
  if (t.view && !t.view->stride.empty())
    c.Fail("argument 'tensor' must be packed (no stride), got " + Str(c.arg(0)->type),
           "reinterpret the packed tensor the view was taken from");
  if (t.view && !t.view->valid_shape.empty() && !ShapesProvablyEqual(t.view->valid_shape, t.shape))
    c.Fail("argument 'tensor' is partly valid (" + Str(c.arg(0)->type) + ")",
           "reinterpret the fully valid tensor, then set the valid shape of the result");
  const int bo = ir::DataTypeBits(t.dtype);
  const int bn = ir::DataTypeBits(dt);
  if (c.has_arg(1)) {
    const Shape& shape = ShapeArg(c, 1);
    auto from = StaticProduct(t.shape);
    auto to = StaticProduct(shape);
    if (from && to && *from * bo != *to * bn)
      c.Fail("argument 'shape' " + Str(shape) + " holds " + std::to_string(*to * bn / 8) +
                 " bytes of " + std::string(ir::DataTypeName(dt)) + " but the tensor holds " +
                 std::to_string(*from * bo / 8),
             "give a shape of the same byte size, or leave it out to scale the contiguous axis");
    return TensorOf(shape, dt);
  }
  const bool dn = t.view && t.view->layout == ir::TensorLayout::DN;
  const size_t axis = dn ? 0 : t.shape.size() - 1;
  Shape shape = t.shape;
  auto n = Static(shape[axis]);
  if (!n || (*n * bo) % bn != 0)
    c.Fail("argument 'tensor' axis " + std::to_string(axis) + " of " + Str(t.shape) +
               " does not scale by " + std::to_string(bo) + "/" + std::to_string(bn) +
               " bits to a static integer extent",
           "give the result's shape explicitly");
  shape[axis] = ConstLike(*n * bo / bn, shape[axis]);
  if (!t.view) return TensorOf(shape, dt);
  ir::TensorView v;
  v.layout = t.view->layout;
  return ir::MakeTensorType(shape, dt, v);
}

}  // namespace

void RegisterTensorOps(OpRegistry& r) {
  // The third column: the tile op of an [M, N] lhs with an [M, 1] rhs column.
  const std::tuple<const char*, const char*, const char*> binary[] = {
      {"tensor.add", "lhs + rhs", "tile.row_expand_add"},
      {"tensor.sub", "lhs - rhs", "tile.row_expand_sub"},
      {"tensor.mul", "lhs * rhs", "tile.row_expand_mul"},
      {"tensor.div", "lhs / rhs", "tile.row_expand_div"},
      {"tensor.maximum", "max(lhs, rhs)", "tile.row_expand_max"},
      {"tensor.minimum", "min(lhs, rhs)", "tile.row_expand_min"},
  };
  for (const auto& [n, what, row_broadcast] : binary) {
    TileForm form = TileForm::Namesake(n);
    form.row_broadcast = row_broadcast;
    form.cast_operands = true;
    const bool div = std::string_view(n) == "tensor.div";
    if (div) form.one_box_roles = {"dividend", "divisor"};
    OpDef& d = r.Register(n).tile_form(form).arg("lhs").arg("rhs");
    if (div) d.kwarg("high_precision", KwargKind::Bool, false);
    d.deduce(div ? DeduceDivide : DeduceBinary)
        .doc(std::string(what) + " per element of two tensors: promoted dtype, broadcast shape" +
             (div ? " (high_precision: the precise path, float dtypes only)" : ""));
  }
  const std::pair<const char*, const char*> with_scalar[] = {
      {"tensor.adds", "tensor + scalar"},         {"tensor.subs", "tensor - scalar"},
      {"tensor.muls", "tensor * scalar"},         {"tensor.divs", "tensor / scalar"},
      {"tensor.maximums", "max(tensor, scalar)"}, {"tensor.minimums", "min(tensor, scalar)"},
  };
  for (const auto& [n, what] : with_scalar)
    r.Register(n)
        .tile_form(TileForm::Namesake(n))
        .arg("tensor")
        .arg("scalar")
        .deduce(DeduceWithScalar)
        .doc(std::string(what) + " per element: the tensor's shape and dtype");
  const std::pair<const char*, const char*> unary[] = {{"tensor.exp", "exp(tensor)"},
                                                       {"tensor.neg", "-tensor"},
                                                       {"tensor.abs", "|tensor|"},
                                                       {"tensor.relu", "max(tensor, 0)"}};
  for (const auto& [n, what] : unary)
    r.Register(n)
        .tile_form(TileForm::Namesake(n))
        .arg("tensor")
        .deduce(DeduceUnary)
        .doc(std::string(what) + " per element: the tensor's type");
  // high_precision selects the precise path: tile.log and tile.recip take the kwarg itself;
  // tile.rsqrt takes a scratch tile instead (PyPTO's catalogue: at tile level precision is chosen
  // by passing tmp), so the conversion gives one exactly when the kwarg is set.
  const std::tuple<const char*, const char*, bool> float_unary[] = {
      {"tensor.sqrt", "sqrt(tensor)", false},
      {"tensor.rsqrt", "1 / sqrt(tensor)", true},
      {"tensor.log", "ln(tensor)", true},
      {"tensor.recip", "1 / tensor", true}};
  for (const auto& [n, what, precise] : float_unary) {
    TileForm form = TileForm::Namesake(n);
    if (std::string_view(n) == "tensor.rsqrt") {
      form.scratch = TileForm::Scratch::LikeOperand;
      form.scratch_name = "rsqrt_tmp";
      form.scratch_kwarg = "high_precision";
    }
    OpDef& d = r.Register(n).tile_form(form).arg("tensor");
    if (precise) d.kwarg("high_precision", KwargKind::Bool, false);
    d.deduce(DeduceFloatUnary)
        .doc(std::string(what) + " per element: the tensor's type (FP16, FP32 or BF16)" +
             (precise ? "; high_precision: the precise path" : ""));
  }
  r.Register("tensor.cast")
      .tile_form(TileForm::Namesake("tensor.cast"))
      .arg("tensor")
      .req_kwarg("target_type", KwargKind::DType)
      .req_kwarg("mode", KwargKind::Int, "0..6 as for tile.cast")
      .deduce(DeduceCast)
      .doc("The tensor converted to target_type, rounding per mode (0..6): the shape kept");
  r.Register("tensor.create")
      .tile_form({TileForm::Kind::Create, "tile.create"})
      .arg("shape")
      .req_kwarg("dtype", KwargKind::DType)
      // The runtime's dependency tracking skips the tensor (docs/task-model.md): kept for the
      // printed form, without effect on what the program computes.
      .kwarg("manual_dep", KwargKind::Bool, false)
      // PyPTO writes the layout of the tensors it creates at call sites; ND is the only one.
      .canonical_kwarg("layout", KwargKind::TensorLayout, ir::TensorLayout::ND)
      .deduce(DeduceCreate)
      .doc(
          "A new tensor of shape and dtype, every element undefined until written (manual_dep: "
          "the runtime does not track its dependencies; layout: pl.TensorLayout.ND only, the "
          "same call as without it)");
  r.Register("tensor.full")
      .tile_form(TileForm::Namesake("tensor.full"))
      .arg("shape")
      .arg("value")
      .req_kwarg("dtype", KwargKind::DType)
      .deduce(DeduceFull)
      .doc("A new tensor of shape and dtype, every element the scalar value");
  r.Register("tensor.slice")
      .tile_form({TileForm::Kind::Window, "tile.slice"})
      .gm_operands({0})
      .memory_follows_operand()
      .arg("tensor")
      .arg("shape")
      .arg("offsets")
      .opt_arg("valid_shape")
      .opt_arg("drop_dims")
      .kwarg("pad_value", KwargKind::Pad)
      .deduce(DeduceSlice)
      .doc(
          "The window of shape at offsets (static windows must lie inside the tensor); "
          "valid_shape becomes the result's valid extent; drop_dims removes unit axes; pad_value "
          "becomes the result's pad");
  r.Register("tensor.assemble")
      .tile_form({TileForm::Kind::Assemble, "tile.assemble"})
      .gm_operands({0})
      .arg("target")
      .arg("source")
      .arg("offsets")
      .deduce(DeduceAssemble)
      .doc("target with source written at offsets (same rank and dtype): target's type");
  r.Register("tensor.reshape")
      .tile_form(TileForm::Namesake("tensor.reshape"))
      .memory_follows_operand()
      .arg("tensor")
      .arg("shape")
      .deduce(DeduceReshape)
      .doc("The same elements in row-major order under a new shape of equal element count");
  r.Register("tensor.transpose")
      .tile_form(TileForm::Namesake("tensor.transpose"))
      .arg("tensor")
      .arg("axis1")
      .arg("axis2")
      .deduce(DeduceTranspose)
      .doc("A copy with axis1 and axis2 of the shape exchanged (negative axes count from the end)");
  r.Register("tensor.concat")
      .tile_form(TileForm::Namesake("tensor.concat"))
      .arg("src0")
      .arg("src1")
      .deduce(DeduceConcat)
      .doc(
          "src1 joined after src0 along the last axis (same dtype, same extents on the other "
          "axes, src0 fully valid along the last)");
  r.Register("tensor.set_validshape")
      .tile_form(TileForm::Namesake("tensor.set_validshape"))
      .memory_follows_operand()
      .arg("tensor")
      .arg("valid_rows")
      .arg("valid_cols")
      .deduce(DeduceSetValidShape)
      .doc(
          "The rank-2 tensor's elements with valid shape [valid_rows, valid_cols]; the elements "
          "beyond it are undefined to its readers");
  r.Register("tensor.reinterpret_view")
      .tile_form({TileForm::Kind::Reinterpret, "tile.reinterpret_view"})
      .memory_follows_operand()
      .arg("tensor")
      .opt_arg("shape")
      .req_kwarg("dtype", KwargKind::DType)
      .deduce(DeduceReinterpretView)
      .doc(
          "The same bytes as dtype: the contiguous axis (the last; a DN tensor's first) scaled "
          "by the bit ratio, or the given shape of equal byte size");
  r.Register("tensor.view")
      .tile_form({TileForm::Kind::View})
      .gm_operands({0})
      .memory_follows_operand()
      .arg("tensor")
      .arg("shape")
      .deduce(DeduceView)
      .doc(
          "The packed tensor's elements in row-major order under a new shape of equal element "
          "count, as a GM view (it stays a tensor op inside InCore functions)");
  r.Register("tensor.matmul")
      .tile_form({TileForm::Kind::Matmul, "tile.matmul"})
      .gm_operands({0, 1})
      .cube_operands({0, 1})
      .arg("lhs")
      .arg("rhs")
      .kwarg("out_dtype", KwargKind::DType)
      .kwarg("a_trans", KwargKind::Bool, false)
      .kwarg("b_trans", KwargKind::Bool, false)
      .deduce(DeduceMatmul)
      .doc(
          "lhs @ rhs of rank-2 tensors, either operand transposed first by a_trans / b_trans: "
          "[M, N] in out_dtype (default lhs's dtype)");
  r.Register("tensor.matmul_acc")
      .tile_form({TileForm::Kind::MatmulAcc, "tile.matmul_acc"})
      .gm_operands({1, 2})
      .cube_operands({1, 2})
      .arg("acc")
      .arg("lhs")
      .arg("rhs")
      .deduce(DeduceMatmulAcc)
      .doc("acc + lhs @ rhs of rank-2 tensors: acc's shape and dtype");
  const std::pair<const char*, const char*> row_reduce[] = {{"tensor.row_sum", "sum"},
                                                            {"tensor.row_max", "maximum"},
                                                            {"tensor.row_min", "minimum"},
                                                            {"tensor.row_prod", "product"}};
  for (const auto& [n, what] : row_reduce) {
    TileForm form = TileForm::Namesake(n);
    form.scratch = TileForm::Scratch::RowPadded128;
    form.scratch_name = "tmp_tile";
    r.Register(n)
        .tile_form(form)
        .arg("tensor")
        .deduce(DeduceRowReduce)
        .doc(std::string("The ") + what + " of each row of a rank-2 tensor: [M, 1]");
  }
  const std::pair<const char*, const char*> col_reduce[] = {{"tensor.col_sum", "sum"},
                                                            {"tensor.col_max", "maximum"},
                                                            {"tensor.col_min", "minimum"},
                                                            {"tensor.col_prod", "product"}};
  for (const auto& [n, what] : col_reduce)
    r.Register(n)
        .tile_form(TileForm::Namesake(n))
        .arg("tensor")
        .deduce(DeduceColReduce)
        .doc(std::string("The ") + what + " of each column of a rank-2 tensor: [1, N]");
  r.Register("tensor.write")
      .tile_form({TileForm::Kind::Write})
      .gm_operands({0})
      .arg("tensor")
      .arg("indices")
      .arg("value")
      .deduce(DeduceWrite)
      .doc("The tensor with the element at indices (one per axis) replaced by the scalar value");
  r.Register("tensor.dim")
      .tile_form({TileForm::Kind::Keep})
      .gm_operands({0})
      .arg("tensor")
      .arg("axis")
      .deduce(DeduceDim)
      .doc("The extent of the tensor on axis (an integer constant; negative counts from the end)");
}

}  // namespace tilesplit::ops
