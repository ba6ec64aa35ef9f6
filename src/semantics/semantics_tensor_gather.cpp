// Semantics of the tensor-level gather and scatter along the last axis (tensor_gather_ops.cpp).
#include <string>

#include "sections.h"
#include "tensor_values.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {
namespace {

using sim::StorageKind;

// The column index[r, j] names in a row of `cols`; undefined or outside the row is a fault.
int64_t Column(OpCall& c, const sim::TensorValue& idx, size_t at, int64_t cols) {
  const int64_t j = idx.data.i[at];
  if (sim::IsPoisonI64(j)) c.Fail("an index is undefined");
  if (j < 0 || j >= cols)
    c.Fail("index " + std::to_string(j) + " is outside the row of " + std::to_string(cols));
  return j;
}

void Copy(const sim::TensorValue& from, size_t i, sim::TensorValue& to, size_t o) {
  if (to.data.kind == StorageKind::F32)
    to.data.f[o] = from.data.f[i];
  else
    to.data.i[o] = from.data.i[i];
}

Value Gather(OpCall& c) {
  const TensorPtr& in = c.tensor(0);
  const TensorPtr& idx = c.tensor(2);
  if (in->shape.size() != 2 || idx->shape.size() != 2 || idx->shape[0] > in->shape[0])
    c.Fail("operands do not fit at run time");
  TensorPtr out = NewTensor(c, in->dtype, idx->shape, false);
  const int64_t cols = in->shape[1], k = idx->shape[1];
  for (int64_t r = 0; r < idx->shape[0]; ++r)
    for (int64_t j = 0; j < k; ++j) {
      const size_t at = static_cast<size_t>(r * k + j);
      Copy(*in, static_cast<size_t>(r * cols + Column(c, *idx, at, cols)), *out, at);
    }
  return Value(out);
}

// Row-major order: a repeated index keeps the last write, as the hardware's sequential walk.
Value Scatter(OpCall& c) {
  const TensorPtr& in = c.tensor(0);
  const TensorPtr& idx = c.tensor(2);
  const TensorPtr& src = c.tensor(3);
  if (in->shape.size() != 2 || idx->shape != src->shape || idx->shape[0] > in->shape[0])
    c.Fail("operands do not fit at run time");
  TensorPtr out = NewTensor(c, in->dtype, in->shape, false);
  out->data = in->data;
  const int64_t cols = in->shape[1], k = idx->shape[1];
  for (int64_t r = 0; r < idx->shape[0]; ++r)
    for (int64_t j = 0; j < k; ++j) {
      const size_t at = static_cast<size_t>(r * k + j);
      Copy(*src, at, *out, static_cast<size_t>(r * cols + Column(c, *idx, at, cols)));
    }
  return Value(out);
}

}  // namespace

void RegisterTensorGatherSemantics(SemanticsTable& t) {
  t.Register(op::tensor_gather, Gather);
  t.Register(op::tensor_scatter, Scatter);
  // Whole rows, as the tile op computes them on the same elements (2D; the simulator runs no 4D
  // form, located).
  t.Register(op::tensor_scatter_update, [](OpCall& c) {
    return ViaTile(c, op::tile_scatter_update, c.tensor(0)->shape,
                   {c.args[0], c.args[2], c.args[3]});
  });
}

}  // namespace tilesplit::ops
