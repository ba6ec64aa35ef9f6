// Semantics of the padding fills, the triangular mask, PyPTO's arange, tensor.random and the
// tensor-level broadcast and dump marker (fill_ops.cpp; pto-isa TFILLPAD, TFILLPAD_EXPAND, TCI).
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "sections.h"
#include "tensor_values.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {
namespace {

using sim::StorageKind;

// The value a pad writes in dtype `dt`: zero; max: +inf for floats, the largest integer
// otherwise; min: -inf, or the smallest integer (TFILLPAD's rule).
void PadValueOf(ir::DataType dt, ir::PadValue pad, float& f, int64_t& i) {
  f = 0.0f;
  i = 0;
  if (pad == ir::PadValue::zero || pad == ir::PadValue::null) return;
  const bool max = pad == ir::PadValue::max;
  f = max ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  const int bits = ir::DataTypeBits(dt);
  if (ir::IsSigned(dt))
    i = max ? (int64_t{1} << (bits - 1)) - 1 : -(int64_t{1} << (bits - 1));
  else
    i = max ? static_cast<int64_t>((uint64_t{1} << bits) - 1) : 0;
}

ir::PadValue PadKwarg(const OpCall& c) {
  const AttrValue* v = ir::FindAttr(c.call.kwargs, "pad_value");
  const ir::PadValue* p = v ? std::get_if<ir::PadValue>(v) : nullptr;
  return p ? *p : ir::PadValue::zero;
}

// Copies the source's elements at positions inside `valid` (and its box) into a buffer of `shape`
// and writes the pad everywhere else.
void FillPadded(const sim::Buffer& src, const std::vector<int64_t>& src_shape,
                const std::vector<int64_t>& valid, ir::DataType dt, ir::PadValue pad,
                const std::vector<int64_t>& shape, sim::Buffer& out) {
  float pf;
  int64_t pi;
  PadValueOf(dt, pad, pf, pi);
  const std::vector<int64_t> ss = sim::RowMajorStrides(src_shape);
  std::vector<int64_t> idx(shape.size(), 0);
  const size_t n = out.size();
  for (size_t k = 0; k < n; ++k) {
    bool inside = idx.size() == src_shape.size();
    size_t at = 0;
    for (size_t d = 0; inside && d < idx.size(); ++d) {
      inside = idx[d] < std::min(valid[d], src_shape[d]);
      at += static_cast<size_t>(idx[d] * ss[d]);
    }
    if (out.kind == StorageKind::F32)
      out.f[k] = inside ? src.f[at] : pf;
    else
      out.i[k] = inside ? src.i[at] : pi;
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

Value Fillpad(OpCall& c) {
  const TileValue& in = c.tile(0);
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  if (out->data.kind != in.data.kind) c.Fail("source and result storages differ");
  FillPadded(in.data, in.shape, in.valid, out->dtype, PadKwarg(c), out->shape, out->data);
  // The elements past the valid region are the pad: defined, unlike any other op's.
  return Value(out);
}

// A tensor's valid region at run time is its type's (static) valid shape.
Value TensorFillpad(OpCall& c) {
  const TensorPtr& in = c.tensor(0);
  const auto* type = c.call.args[0]->type ? c.call.args[0]->type->As<ir::TensorType>() : nullptr;
  if (!type) c.Fail("has no tensor operand type");
  std::vector<int64_t> valid;
  for (const ExprPtr& e : type->valid()) {
    const std::optional<int64_t> v = ir::AsConstInt(e);
    if (!v) c.Fail("needs a static valid shape on the simulator");
    valid.push_back(*v);
  }
  TensorPtr out = NewTensor(c, in->dtype, in->shape, false);
  FillPadded(in->data, in->shape, valid, in->dtype, PadKwarg(c), in->shape, out->data);
  // An undefined element stays undefined: the tile program pads it, but a store or assemble of
  // the tile writes its valid region only, so no program observes the pad there but through
  // set_validshape, which the tensor-level reference then leaves unchecked (undefined).
  for (size_t k = 0; k < out->data.size(); ++k)
    if (in->data.IsPoison(k)) out->data.SetPoison(k);
  return Value(out);
}

// The tensor's elements at the same positions of the larger box, the pad elsewhere; an undefined
// element stays undefined, as for tensor.fillpad.
Value TensorFillpadExpand(OpCall& c) {
  const TensorPtr& in = c.tensor(0);
  const std::vector<int64_t> shape = c.ints(1);
  if (shape.size() != in->shape.size()) c.Fail("ranks differ at run time");
  // Written into the target, which is the result (a destination-passing op).
  const TensorPtr& out = c.tensor(1);
  FillPadded(in->data, in->shape, in->shape, in->dtype, PadKwarg(c), shape, out->data);
  const std::vector<int64_t> os = sim::RowMajorStrides(shape);
  std::vector<int64_t> idx(in->shape.size(), 0);
  for (size_t k = 0; k < in->data.size(); ++k) {
    if (in->data.IsPoison(k)) {
      size_t o = 0;
      for (size_t d = 0; d < idx.size(); ++d) o += static_cast<size_t>(idx[d] * os[d]);
      out->data.SetPoison(o);
    }
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < in->shape[d]) break;
      idx[d] = 0;
    }
  }
  return Value(out);
}

// tril / triu of ones: (i, j) is 1 when j - i <= diagonal (upper: >= diagonal).
Value Tri(OpCall& c) {
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  if (out->shape.size() != 2) c.Fail("needs a rank-2 result");
  const int64_t diag = c.int_kwarg("diagonal").value_or(0);
  const bool upper = c.bool_kwarg("upper").value_or(false);
  const int64_t rows = out->shape[0], cols = out->shape[1];
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      const bool one = upper ? j - i >= diag : j - i <= diag;
      const size_t at = static_cast<size_t>(i * cols + j);
      if (out->data.kind == StorageKind::F32)
        out->data.f[at] = one ? 1.0f : 0.0f;
      else
        out->data.i[at] = one ? 1 : 0;
    }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// The input broadcast along its unit axes to the target's shape.
Value ExpandClone(OpCall& c) {
  const TensorPtr& in = c.tensor(0);
  const std::vector<int64_t>& shape = c.tensor(1)->shape;
  if (in->shape.size() != shape.size()) c.Fail("ranks differ at run time");
  for (size_t d = 0; d < shape.size(); ++d)
    if (in->shape[d] != shape[d] && in->shape[d] != 1)
      c.Fail("the input does not broadcast to the target at run time");
  // Written into the target, which is the result (a destination-passing op).
  const TensorPtr& out = c.tensor(1);
  const std::vector<int64_t> ss = sim::RowMajorStrides(in->shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (size_t k = 0; k < out->data.size(); ++k) {
    size_t at = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      at += static_cast<size_t>((in->shape[d] == 1 ? 0 : idx[d]) * ss[d]);
    if (out->data.kind == StorageKind::F32)
      out->data.f[k] = in->data.f[at];
    else
      out->data.i[k] = in->data.i[at];
    out->writer[k] = c.ctx.writer;
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return Value(out);
}

}  // namespace

void RegisterFillSemantics(SemanticsTable& t) {
  t.Register(op::tile_fillpad, Fillpad);
  t.Register(op::tile_fillpad_expand, Fillpad);
  t.Register(op::tile_tri, Tri);
  t.Register(op::tensor_fillpad, TensorFillpad);
  t.Register(op::tensor_fillpad_expand, TensorFillpadExpand);
  t.Register(op::tensor_ci, [](OpCall& c) { return ViaTile(c, op::tile_ci, c.ints(1), c.args); });
  t.Register(op::tensor_expand_clone, ExpandClone);
  t.Register(op::tensor_random,
             [](OpCall& c) { return ViaTile(c, op::tile_random, c.ints(6), c.args); });
  // The simulator keeps every value, so there is nothing to mark.
  t.Register(op::tensor_dump_tag, [](OpCall&) { return Value(); });
}

}  // namespace tilesplit::ops
