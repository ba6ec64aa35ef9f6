// Semantics of the mask-pattern gather and scatter (mask_pattern_ops.cpp): element copies along
// the last axis, the tensor forms through their tile ops (the reference and the lowered program
// run the same code).
#include "sections.h"
#include "tensor_values.h"
#include "tilesplit/ops/mask_pattern.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {
namespace {

using sim::StorageKind;

MaskPattern PatternOf(OpCall& c) {
  auto p = MaskPatternOf(c.int_kwarg("mask_pattern").value_or(0));
  if (!p) c.Fail("unknown mask pattern");
  return *p;
}

void Copy(const sim::Buffer& from, size_t i, sim::Buffer& to, size_t o) {
  if (to.kind == StorageKind::F32)
    to.f[o] = from.f[i];
  else
    to.i[o] = from.i[i];
}

// out[r, j] = in[r, j * f + p].
Value GatherMask(OpCall& c) {
  const TileValue& in = c.tile(0);
  const MaskPattern p = PatternOf(c);
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  if (in.shape.size() != 2 || out->shape.size() != 2 || in.shape[1] != out->shape[1] * p.factor)
    c.Fail("operands do not fit at run time");
  const int64_t n = in.shape[1], m = out->shape[1];
  for (int64_t r = 0; r < out->shape[0]; ++r)
    for (int64_t j = 0; j < m; ++j)
      Copy(in.data, static_cast<size_t>(r * n + j * p.factor + p.position), out->data,
           static_cast<size_t>(r * m + j));
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// out[r, j * f + p] = in[r, j], zero at the other places of each group.
Value ScatterMask(OpCall& c) {
  const TileValue& in = c.tile(0);
  const MaskPattern p = PatternOf(c);
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  if (in.shape.size() != 2 || out->shape.size() != 2 || out->shape[1] != in.shape[1] * p.factor)
    c.Fail("operands do not fit at run time");
  if (out->data.kind == StorageKind::F32)
    std::fill(out->data.f.begin(), out->data.f.end(), 0.0f);
  else
    std::fill(out->data.i.begin(), out->data.i.end(), int64_t{0});
  const int64_t n = in.shape[1], m = out->shape[1];
  for (int64_t r = 0; r < in.shape[0] && r < out->shape[0]; ++r)
    for (int64_t j = 0; j < n; ++j)
      Copy(in.data, static_cast<size_t>(r * n + j), out->data,
           static_cast<size_t>(r * m + j * p.factor + p.position));
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterMaskPatternSemantics(SemanticsTable& t) {
  t.Register(op::tile_gather_mask, GatherMask);
  t.Register(op::tile_scatter_mask, ScatterMask);
  t.Register(op::tensor_gather_mask, [](OpCall& c) {
    const std::vector<int64_t>& in = c.tensor(0)->shape;
    const auto p = MaskPatternOf(c.int_kwarg("mask_pattern").value_or(0));
    if (!p || in.size() != 2) c.Fail("operands do not fit at run time");
    return ViaTile(c, op::tile_gather_mask, {in[0], in[1] / p->factor}, c.args);
  });
  t.Register(op::tensor_scatter_mask, [](OpCall& c) {
    return ViaTile(c, op::tile_scatter_mask, c.tensor(1)->shape, c.args);
  });
}

}  // namespace tilesplit::ops
