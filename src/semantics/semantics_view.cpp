// Semantics of the view and layout ops (ops.md 2.4). The simulator keeps tiles dense and
// row-major, so every view is a copy; layout fields have no effect on values.
#include <algorithm>

#include "tilesplit/runtime/bit_codec.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

// A window of `in` (same rank) at `off` with box `shape`; positions outside `in` stay poison.
sim::Buffer Window(const TileValue& in, const std::vector<int64_t>& off,
                   const std::vector<int64_t>& shape) {
  sim::Buffer b;
  b.Resize(in.data.kind, static_cast<size_t>(sim::NumElements(shape)), true);
  std::vector<int64_t> zero(shape.size(), 0);
  CopyRegion(in.data, in.shape, off, b, shape, zero, shape);
  return b;
}

// Puts same-count data into the result box and poisons outside the result's valid extent.
Value Rebox(OpCall& c, sim::Buffer data) {
  auto out = c.NewResult();
  if (data.size() != out->data.size() || data.kind != out->data.kind)
    c.Fail("result box holds " + std::to_string(out->data.size()) + " elements, the data " +
           std::to_string(data.size()));
  out->data = std::move(data);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value Slice(OpCall& c) {
  const TileValue& in = c.tile(0);
  std::vector<int64_t> shape = c.ints(1), off = c.ints(2);
  if (shape.size() != in.shape.size() || off.size() != in.shape.size())
    c.Fail("shape and offset must have the input's rank");
  for (size_t d = 0; d < shape.size(); ++d)
    if (off[d] < 0 || off[d] + shape[d] > in.shape[d])
      c.Fail("window [" + std::to_string(off[d]) + ", " + std::to_string(off[d] + shape[d]) +
             ") leaves the input's extent " + std::to_string(in.shape[d]) + " on axis " +
             std::to_string(d));
  return Rebox(c, Window(in, off, shape));
}

Value Extract(OpCall& c) {
  const TileValue& in = c.tile(0);
  std::vector<int64_t> off = {c.scalar(1).AsInt(), c.scalar(2).AsInt()};
  std::vector<int64_t> shape = c.ints(3);
  if (in.shape.size() != 2 || shape.size() != 2) c.Fail("needs a 2D source and shape");
  return Rebox(c, Window(in, off, shape));
}

Value SameData(OpCall& c) {
  return Rebox(c, c.tile(0).data);
}

bool ColMajor(const ir::TypePtr& type) {
  const ir::TileType* t = ir::AsTileType(type);
  return t && t->EffectiveView().blayout == ir::TileLayout::col_major;
}

// tile.reinterpret_view: the input's bytes in memory order (row-major, or first axis fastest for
// a col_major input), each element's bit pattern little-endian, read back as the result dtype in
// the result's memory order. This one rule covers both forms: with no shape the contiguous axis
// scales by bits(old) / bits(new), with a shape the byte string is laid into it. A result element
// made of bits from an input element that is poison or outside the input's valid extent is poison.
Value ReinterpretView(OpCall& c) {
  const TileValue& in = c.tile(0);
  auto out = c.NewResult();
  for (ir::DataType dt : {in.dtype, out->dtype})
    if (!sim::BitLayoutModelled(dt))
      c.Fail(std::string(ir::DataTypeName(dt)) +
             " is not executed by the simulator (its bit layout is not modelled)");
  const int wn = ir::DataTypeBits(out->dtype);
  const sim::TileBits bits(in, ColMajor(c.call.args[0]->type));
  if (out->numel() * wn != bits.size())
    c.Fail("the result box holds " + std::to_string(out->numel() * wn) + " bits, the input " +
           std::to_string(bits.size()));
  const std::vector<size_t> order = sim::MemoryOrder(out->shape, ColMajor(c.call.type));
  for (size_t k = 0; k < order.size(); ++k) {
    const std::optional<uint64_t> v = bits.Read(static_cast<int64_t>(k) * wn, wn);
    if (v) sim::DecodeElement(out->dtype, *v, out->data, order[k]);
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// Exchanges axes a1 and a2 of the data.
sim::Buffer SwapAxes(const TileValue& in, size_t a1, size_t a2) {
  std::vector<int64_t> out_shape = in.shape;
  std::swap(out_shape[a1], out_shape[a2]);
  sim::Buffer b;
  b.Resize(in.data.kind, in.data.size(), true);
  const auto is = sim::RowMajorStrides(in.shape);
  auto os = sim::RowMajorStrides(out_shape);
  std::swap(os[a1], os[a2]);  // output stride seen from input index order
  const size_t rank = in.shape.size();
  std::vector<int64_t> idx(rank, 0);
  for (size_t i = 0; i < in.data.size(); ++i) {
    int64_t o = 0;
    for (size_t d = 0; d < rank; ++d) o += idx[d] * os[d];
    if (b.kind == sim::StorageKind::F32)
      b.f[static_cast<size_t>(o)] = in.data.f[i];
    else
      b.i[static_cast<size_t>(o)] = in.data.i[i];
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < in.shape[d]) break;
      idx[d] = 0;
    }
  }
  (void)is;
  return b;
}

size_t Axis(OpCall& c, int64_t a, size_t rank) {
  if (a < 0) a += static_cast<int64_t>(rank);
  if (a < 0 || a >= static_cast<int64_t>(rank)) c.Fail("axis out of range");
  return static_cast<size_t>(a);
}

Value Transpose(OpCall& c) {
  const TileValue& in = c.tile(0);
  const size_t rank = in.shape.size();
  return Rebox(
      c, SwapAxes(in, Axis(c, c.scalar(1).AsInt(), rank), Axis(c, c.scalar(2).AsInt(), rank)));
}

Value TransposeView(OpCall& c) {
  const TileValue& in = c.tile(0);
  const size_t rank = in.shape.size();
  if (rank < 2) c.Fail("needs rank >= 2");
  return Rebox(c, SwapAxes(in, rank - 2, rank - 1));
}

// src1 laid after src0 along the last axis; the deducer fixed the result's geometry.
Value Concat(OpCall& c) {
  const TileValue& a = c.tile(0);
  const TileValue& b = c.tile(1);
  auto out = c.NewResult();
  const size_t rank = a.shape.size();
  if (rank == 0 || b.shape.size() != rank || out->shape.size() != rank ||
      out->shape[rank - 1] != a.shape[rank - 1] + b.shape[rank - 1])
    c.Fail("operand shapes do not join into the result's shape");
  for (size_t d = 0; d + 1 < rank; ++d)
    if (a.shape[d] != out->shape[d] || b.shape[d] != out->shape[d])
      c.Fail("operand extents differ on axis " + std::to_string(d));
  const std::vector<int64_t> zero(rank, 0);
  std::vector<int64_t> after = zero;
  after[rank - 1] = a.shape[rank - 1];
  CopyRegion(a.data, a.shape, zero, out->data, out->shape, zero, a.shape);
  CopyRegion(b.data, b.shape, zero, out->data, out->shape, after, b.shape);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterViewSemantics(SemanticsTable& t) {
  t.Register(op::tile_slice, Slice);
  t.Register(op::tile_reshape, SameData);
  t.Register(op::tile_reinterpret_view, ReinterpretView);
  t.Register(op::tile_extract, Extract);
  t.Register(op::tile_set_validshape, SameData);
  t.Register(op::tile_transpose, Transpose);
  t.Register(op::tile_transpose_view, TransposeView);
  t.Register(op::tile_concat, Concat);
}

}  // namespace tilesplit::ops
