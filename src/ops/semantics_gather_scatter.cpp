// Semantics of gather, scatter and select (ops.md 2.5).
#include <algorithm>

#include "tilesplit/ops/semantics.h"

namespace tilesplit::ops {

namespace {

using sim::StorageKind;

// tile.gather_row: DPS; copies the tensor window at src_offset (extent `shapes`, or valid_shape)
// into a copy of dst at dst_offset.
Value GatherRow(OpCall& c) {
  const TileValue& dst = c.tile(0);
  const TensorPtr& src = c.tensor(1);
  std::vector<int64_t> doff = c.ints(2), soff = c.ints(3), shapes = c.ints(4);
  std::vector<int64_t> ext = c.has(5) ? c.ints(5) : shapes;
  if (c.bool_kwarg("transpose").value_or(false))
    c.Fail("the simulator does not execute transpose=True");
  if (doff.size() != dst.shape.size() || soff.size() != src->shape.size() ||
      ext.size() != dst.shape.size() || src->shape.size() != dst.shape.size())
    c.Fail("the simulator executes equal-rank gather_row only");
  for (size_t d = 0; d < soff.size(); ++d)
    if (soff[d] < 0 || soff[d] + ext[d] > src->shape[d]) c.Fail("source window out of bounds");
  auto out = c.NewResult();
  if (out->data.size() != dst.data.size()) c.Fail("result box differs from dst");
  out->data = dst.data;
  CopyRegion(src->data, src->shape, soff, out->data, out->shape, doff, ext);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

int64_t IndexAt(const TileValue& t, size_t i) {
  return t.data.kind == StorageKind::I64 ? t.data.i[i] : static_cast<int64_t>(t.data.f[i]);
}

Value Gather(OpCall& c) {
  const TileValue& src = c.tile(0);
  const TileValue& idx = c.tile(1);
  auto out = c.NewResult();
  const size_t n = std::min(out->data.size(), idx.data.size());
  for (size_t i = 0; i < n; ++i) {
    if (idx.data.kind == StorageKind::I64 && sim::IsPoisonI64(idx.data.i[i])) continue;
    const int64_t k = IndexAt(idx, i);
    if (k < 0 || k >= src.numel()) c.Fail("index " + std::to_string(k) + " outside the source");
    if (out->data.kind == StorageKind::F32)
      out->data.f[i] = src.data.f[static_cast<size_t>(k)];
    else
      out->data.i[i] = src.data.i[static_cast<size_t>(k)];
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value Scatter(OpCall& c) {
  const TileValue& dst = c.tile(0);
  const TileValue& src = c.tile(1);
  const TileValue& idx = c.tile(2);
  auto out = c.NewResult();
  out->data = dst.data;
  const size_t n = std::min(src.data.size(), idx.data.size());
  for (size_t i = 0; i < n; ++i) {
    const int64_t k = IndexAt(idx, i);
    if (k < 0 || k >= out->numel()) c.Fail("index " + std::to_string(k) + " outside dst");
    if (out->data.kind == StorageKind::F32)
      out->data.f[static_cast<size_t>(k)] = src.data.f[i];
    else
      out->data.i[static_cast<size_t>(k)] = src.data.i[i];
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// tile.scatter_update (2D): row index[b, s] of the input takes row b*s of src.
Value ScatterUpdate(OpCall& c) {
  const TileValue& in = c.tile(0);
  const TileValue& index = c.tile(1);
  const TileValue& src = c.tile(2);
  if (in.shape.size() != 2) c.Fail("the simulator executes the 2D form only");
  auto out = c.NewResult();
  out->data = in.data;
  const int64_t d = in.shape[1];
  for (size_t r = 0; r < index.data.size(); ++r) {
    const int64_t row = IndexAt(index, r);
    if (row < 0 || row >= in.shape[0]) c.Fail("row index " + std::to_string(row) + " out of range");
    std::vector<int64_t> soff = {static_cast<int64_t>(r), 0}, doff = {row, 0}, ext = {1, d};
    CopyRegion(src.data, src.shape, soff, out->data, out->shape, doff, ext);
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

bool MaskAt(const TileValue& m, size_t i) {
  return m.data.kind == StorageKind::I64 ? m.data.i[i] != 0 : m.data.f[i] != 0;
}

// tile.sel: the mask is read element by element over the result box (a simplification of the
// hardware's bit mask); tile.sels selects between src and a scalar.
Value Sel(OpCall& c) {
  const TileValue& mask = c.tile(0);
  const TileValue& lhs = c.tile(1);
  const TileValue& rhs = c.tile(2);
  auto out = c.NewResult();
  const size_t n = out->data.size();
  if (mask.data.size() < n || lhs.data.size() < n || rhs.data.size() < n)
    c.Fail("the simulator executes sel on equal-shaped operands only");
  for (size_t i = 0; i < n; ++i) {
    const TileValue& pick = MaskAt(mask, i) ? lhs : rhs;
    if (out->data.kind == StorageKind::F32)
      out->data.f[i] = pick.data.f[i];
    else
      out->data.i[i] = pick.data.i[i];
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value Sels(OpCall& c) {
  const TileValue& mask = c.tile(0);
  const TileValue& src = c.tile(1);
  const Scalar s = c.scalar(3);
  auto out = c.NewResult();
  const size_t n = out->data.size();
  if (mask.data.size() < n || src.data.size() < n)
    c.Fail("the simulator executes sels on equal-shaped operands only");
  for (size_t i = 0; i < n; ++i) {
    const bool m = MaskAt(mask, i);
    if (out->data.kind == StorageKind::F32)
      out->data.f[i] = m ? src.data.f[i] : static_cast<float>(s.AsDouble());
    else
      out->data.i[i] = m ? src.data.i[i] : s.AsInt();
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value NotExecuted(OpCall& c) {
  c.Fail("is not executed by the simulator (byte-offset gathers are out of its scope)");
}

}  // namespace

void RegisterGatherScatterSemantics(SemanticsTable& t) {
  t.Register("tile.gather_row", GatherRow);
  t.Register("tile.gather", Gather);
  t.Register("tile.gatherb", NotExecuted);
  t.Register("tile.scatter", Scatter);
  t.Register("tile.scatter_update", ScatterUpdate);
  t.Register("tile.sel", Sel);
  t.Register("tile.sels", Sels);
}

}  // namespace tilesplit::ops
