// Semantics of data movement and scalar access (ops.md 2.1).
#include <algorithm>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

// tile.load: the window of the tensor at `offsets` fills the result box over its valid extent;
// positions past the tensor (a clamped load) stay poison.
Value Load(OpCall& c) {
  const TensorPtr& t = c.tensor(0);
  std::vector<int64_t> off = c.ints(1);
  // A window inside the tensor fills the whole valid extent and PoisonOutsideValid the rest, so
  // only a clamped window needs the poison fill.
  const TileGeom& g = c.result();
  bool inside = off.size() == t->shape.size() && g.valid.size() == off.size();
  for (size_t d = 0; inside && d < off.size(); ++d)
    inside = off[d] >= 0 && off[d] + g.valid[d] <= t->shape[d];
  if (off.size() != t->shape.size())
    c.Fail("the simulator executes loads whose offsets have the tensor's rank only");
  // A window that is one contiguous run of the tensor's row-major elements (whole on every axis
  // but the first), every element valid: the tile shares those elements (copy-on-write,
  // sim::Storage), so nothing is copied unless the tile or the tensor is written later.
  if (inside && g.shape == g.valid && g.dtype == t->dtype && !g.shape.empty()) {
    bool contiguous = true;
    int64_t row = 1;  // elements per index of the first axis
    for (size_t d = 1; d < off.size(); ++d) {
      contiguous = contiguous && off[d] == 0 && g.shape[d] == t->shape[d];
      row *= t->shape[d];
    }
    if (contiguous) {
      auto view = std::make_shared<TileValue>();
      view->dtype = g.dtype;
      view->mem = g.mem;
      view->shape = g.shape;
      view->valid = g.valid;
      const size_t n = static_cast<size_t>(sim::NumElements(g.shape));
      const size_t start = static_cast<size_t>(off[0] * row);
      view->data.kind = t->data.kind;
      if (t->data.kind == sim::StorageKind::F32)
        view->data.f.ShareRange(t->data.f, start, n);
      else
        view->data.i.ShareRange(t->data.i, start, n);
      return Value(view);
    }
  }
  auto out = c.NewResult(0, inside ? sim::BufferInit::Unspecified : sim::BufferInit::Poison);
  if (off.size() != t->shape.size())
    c.Fail("the simulator executes loads whose offsets have the tensor's rank only");
  if (out->shape.size() != t->shape.size())
    c.Fail("the simulator executes loads whose tile has the tensor's rank only");
  if (out->data.kind != t->data.kind) c.Fail("tile and tensor storages differ");
  std::vector<int64_t> zero(off.size(), 0);
  CopyRegion(t->data, t->shape, off, out->data, out->shape, zero, out->valid);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// tile.store: writes the tile's valid extent into the tensor at `offsets`, in place, and
// returns the tensor. Every written element remembers which core wrote it.
Value Store(OpCall& c) {
  const TileValue& tile = c.tile(0);
  std::vector<int64_t> off = c.ints(1);
  const TensorPtr& t = c.tensor(2);
  if (off.size() != tile.shape.size() || t->shape.size() != tile.shape.size())
    c.Fail("the simulator executes stores of a tile with the tensor's rank only");
  const int64_t atomic = c.int_kwarg("atomic").value_or(0);
  const size_t rank = off.size();
  std::vector<int64_t> ext(rank);
  for (size_t d = 0; d < rank; ++d) {
    ext[d] = std::min(tile.valid[d], tile.shape[d]);
    if (ext[d] <= 0) return Value(t);  // an empty lane writes nothing
    if (off[d] < 0 || off[d] + ext[d] > t->shape[d])
      c.Fail("store out of bounds on axis " + std::to_string(d) + ": rows/cols [" +
             std::to_string(off[d]) + ", " + std::to_string(off[d] + ext[d]) +
             ") of a tensor of extent " + std::to_string(t->shape[d]));
  }
  const bool f32 = t->data.kind == sim::StorageKind::F32;
  if (f32 != (tile.data.kind == sim::StorageKind::F32)) c.Fail("tile and tensor storages differ");
  // The whole tensor from a tile of its dtype and box, every element valid: the tensor shares the
  // tile's elements (copy-on-write) instead of copying them; the values are the same bits, as a
  // tile's elements are already rounded to its dtype.
  if (atomic == 0 && tile.dtype == t->dtype && tile.shape == t->shape &&
      static_cast<int64_t>(tile.data.size()) == sim::NumElements(t->shape) &&
      std::all_of(off.begin(), off.end(), [](int64_t o) { return o == 0; }) &&
      std::equal(ext.begin(), ext.end(), t->shape.begin())) {
    t->data = tile.data;
    std::fill(t->writer.begin(), t->writer.end(), c.ctx.writer);
    return Value(t);
  }
  // Writing a tensor whose elements a tile still shares copies them first: charge that copy.
  if (t->data.shared() && c.ctx.budget)
    c.ctx.budget->ChargeMemory(sim::StorageBytes(t->dtype, t->shape), c.call.span,
                               "the copy of tensor '" + t->name + "' that " + c.name() + " writes");
  const auto ts = sim::RowMajorStrides(tile.shape);
  const auto gs = sim::RowMajorStrides(t->shape);
  std::vector<int64_t> idx(rank, 0);
  while (true) {
    int64_t so = 0, go = 0;
    for (size_t d = 0; d < rank; ++d) {
      so += idx[d] * ts[d];
      go += (idx[d] + off[d]) * gs[d];
    }
    const int64_t run = ext[rank - 1];
    if (f32 && atomic == 0 && t->dtype == ir::DataType::FP32) {  // the common case: a plain copy
      std::copy_n(tile.data.f.begin() + so, run, t->data.f.begin() + go);
      std::fill_n(t->writer.begin() + go, run, c.ctx.writer);
    } else
      for (int64_t k = 0; k < run; ++k) {
        const size_t g = static_cast<size_t>(go + k), s = static_cast<size_t>(so + k);
        if (f32) {
          float v = tile.data.f[s];
          if (atomic == 1) v = t->data.f[g] + v;
          t->data.f[g] = sim::RoundToDType(t->dtype, v);
        } else {
          int64_t v = tile.data.i[s];
          if (atomic == 1 && !sim::IsPoisonI64(v))
            v = sim::IsPoisonI64(t->data.i[g]) ? t->data.i[g] : t->data.i[g] + v;
          t->data.i[g] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(t->dtype, v);
        }
        t->writer[g] = c.ctx.writer;
      }
    size_t d = rank - 1;
    while (d-- > 0) {
      if (++idx[d] < ext[d]) break;
      idx[d] = 0;
    }
    if (d == static_cast<size_t>(-1)) break;
  }
  return Value(t);
}

// tile.move copies the tile into the target space (core-group.md 4.1).
Value Move(OpCall& c) {
  const TileValue& in = c.tile(0);
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);  // overwritten whole below
  if (out->data.kind != in.data.kind || out->data.size() != in.data.size())
    c.Fail("result geometry does not match the moved tile");
  out->data = in.data;
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

size_t FlatIndex(OpCall& c, const std::vector<int64_t>& shape, const std::vector<int64_t>& idx) {
  if (idx.size() != shape.size()) c.Fail("index rank differs from the operand's");
  size_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (idx[d] < 0 || idx[d] >= shape[d])
      c.Fail("index " + std::to_string(idx[d]) + " out of range on axis " + std::to_string(d));
    flat = flat * static_cast<size_t>(shape[d]) + static_cast<size_t>(idx[d]);
  }
  return flat;
}

Value ReadElement(OpCall& c, const sim::Buffer& b, ir::DataType dt, size_t flat) {
  if (b.IsPoison(flat)) c.Fail("reads an undefined element");
  if (b.kind == sim::StorageKind::F32) return Value(Scalar{dt, 0, b.f[flat]});
  return Value(Scalar{dt, b.i[flat], 0});
}

Value TileRead(OpCall& c) {
  const TileValue& t = c.tile(0);
  return ReadElement(c, t.data, t.dtype, FlatIndex(c, t.shape, c.ints(1)));
}

Value TensorRead(OpCall& c) {
  const TensorPtr& t = c.tensor(0);
  return ReadElement(c, t->data, t->dtype, FlatIndex(c, t->shape, c.ints(1)));
}

// A copy of the target with the source's valid window written at offsets.
Value Assemble(OpCall& c) {
  const TileValue& target = c.tile(0);
  const TileValue& source = c.tile(1);
  const std::vector<int64_t> off = c.ints(2);
  if (off.size() != target.shape.size() || source.shape.size() != target.shape.size())
    c.Fail("offsets, source and target must have one rank");
  for (size_t d = 0; d < off.size(); ++d)
    if (off[d] < 0 || off[d] + source.valid[d] > target.shape[d])
      c.Fail("window [" + std::to_string(off[d]) + ", " + std::to_string(off[d] + source.valid[d]) +
             ") on axis " + std::to_string(d) + " leaves the target's extent " +
             std::to_string(target.shape[d]));
  if (source.data.kind != target.data.kind) c.Fail("source and target storages differ");
  auto out = c.NewResult();
  if (out->data.size() != target.data.size()) c.Fail("result box differs from the target's");
  out->data = target.data;
  CopyRegion(source.data, source.shape, std::vector<int64_t>(off.size(), 0), out->data, out->shape,
             off, source.valid);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterMemorySemantics(SemanticsTable& t) {
  t.Register(op::tile_load, Load);
  t.Register(op::tile_store, Store);
  t.Register(op::tile_move, Move);
  t.Register(op::tile_read, TileRead);
  t.Register(op::tile_assemble, Assemble);
  t.Register(op::tensor_read, TensorRead);
}

}  // namespace tilesplit::ops
