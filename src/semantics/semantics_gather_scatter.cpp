// Semantics of gather, scatter and select (ops.md 2.5).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/runtime/bit_codec.h"
#include "tilesplit/semantics/semantics.h"

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

// The bit mask of tile.sel and tile.sels. The mask's box is read row by row (row-major; for a
// rank above 2 every axis but the last counts towards the row); a row's elements, each in its
// dtype's bit pattern, little-endian, form one bit string, and bit j of it (byte j / 8, bit j % 8
// counted from the least significant) belongs to column j of the same row of the data. A bit
// taken from a mask element outside the mask's valid extent, or holding poison, is undefined.
class BitMask {
 public:
  BitMask(OpCall& c, const TileValue& m) : c_(c), bits_(m, /*col_major=*/false) {
    if (!sim::BitLayoutModelled(m.dtype))
      c.Fail("mask dtype " + std::string(ir::DataTypeName(m.dtype)) +
             " is not executed by the simulator (its bit layout is not modelled)");
    row_bits_ = m.shape.empty() ? 0 : m.shape.back() * ir::DataTypeBits(m.dtype);
    rows_ = row_bits_ > 0 ? bits_.size() / row_bits_ : 0;
  }
  // Bit j of row r; nullopt when undefined. A mask too small to hold it is a fault.
  std::optional<bool> At(int64_t r, int64_t j) const {
    if (r >= rows_ || j >= row_bits_)
      c_.Fail("the mask (" + std::to_string(rows_) + " rows of " + std::to_string(row_bits_) +
              " bits) has no bit for row " + std::to_string(r) + ", column " + std::to_string(j));
    const std::optional<uint64_t> b = bits_.Read(r * row_bits_ + j, 1);
    if (!b) return std::nullopt;
    return *b != 0;
  }

 private:
  OpCall& c_;
  sim::TileBits bits_;
  int64_t row_bits_ = 0, rows_ = 0;
};

// Element i of `t` converted to the storage and dtype `dt` of a result (poison stays poison).
void CopyConverted(const TileValue& t, size_t i, ir::DataType dt, sim::Buffer& out, size_t o) {
  if (t.data.IsPoison(i)) {
    out.SetPoison(o);
  } else if (out.kind == StorageKind::F32) {
    const float v = t.data.kind == StorageKind::F32 ? t.data.f[i] : static_cast<float>(t.data.i[i]);
    out.f[o] = sim::RoundToDType(dt, v);
  } else {
    const int64_t v =
        t.data.kind == StorageKind::I64 ? t.data.i[i] : static_cast<int64_t>(t.data.f[i]);
    out.i[o] = sim::WrapToDType(dt, v);
  }
}

// tile.sel: a set mask bit picks lhs, a clear one rhs (both broadcast to the result box and
// converted to its dtype). Only the result's valid extent is computed; tmp is not read.
Value Sel(OpCall& c) {
  const BitMask mask(c, c.tile(0));
  const TileValue& lhs = c.tile(1);
  const TileValue& rhs = c.tile(2);
  auto out = c.NewResult();
  const std::vector<int64_t>& shape = out->shape;
  if (shape.empty()) c.Fail("needs a tile result of rank >= 1");
  const auto sl = BroadcastStrides(c, lhs, shape), sr = BroadcastStrides(c, rhs, shape);
  const size_t rank = shape.size();
  const int64_t cols = shape.back();
  std::vector<int64_t> idx(rank, 0);
  const int64_t n = out->numel();
  for (int64_t i = 0; i < n; ++i) {
    if (out->InValid(idx)) {
      const std::optional<bool> bit = mask.At(i / cols, i % cols);
      if (bit) {
        int64_t o = 0;
        const std::vector<int64_t>& st = *bit ? sl : sr;
        for (size_t d = 0; d < rank; ++d) o += idx[d] * st[d];
        CopyConverted(*bit ? lhs : rhs, static_cast<size_t>(o), out->dtype, out->data,
                      static_cast<size_t>(i));
      }
    }
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// tile.sels: a set mask bit picks src's element, a clear one the scalar (in src's dtype). Columns
// past src's valid extent are not read from the mask; tmp is not read.
Value Sels(OpCall& c) {
  const BitMask mask(c, c.tile(0));
  const TileValue& src = c.tile(1);
  const Scalar s = c.scalar(3);
  auto out = c.NewResult();
  if (src.shape.size() != 2 || out->shape != src.shape) c.Fail("needs a 2D src and result");
  const int64_t cols = src.shape[1];
  const int64_t vrows = std::min(out->valid[0], src.shape[0]),
                vcols = std::min(out->valid[1], cols);
  for (int64_t r = 0; r < vrows; ++r) {
    for (int64_t j = 0; j < vcols; ++j) {
      const std::optional<bool> bit = mask.At(r, j);
      if (!bit) continue;  // undefined mask bit: the element stays poison
      const auto i = static_cast<size_t>(r * cols + j);
      if (*bit)
        CopyConverted(src, i, out->dtype, out->data, i);
      else if (out->data.kind == StorageKind::F32)
        out->data.f[i] = sim::RoundToDType(out->dtype, static_cast<float>(s.AsDouble()));
      else
        out->data.i[i] = sim::WrapToDType(out->dtype, s.AsInt());
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// tile.gatherb: each UINT32 offset names a 32-byte block of src's bytes (its box in row-major
// order, elements little-endian); the block lands in the result row as 32 / bytes(output_dtype)
// elements of output_dtype. Offsets must be 32-byte aligned and inside src. A result element made
// of bytes outside src's valid extent, or of poison, is poison.
Value GatherB(OpCall& c) {
  const TileValue& src = c.tile(0);
  const TileValue& off = c.tile(1);
  if (src.shape.size() != 2 || off.shape.size() != 2) c.Fail("needs 2D src and offset");
  auto out = c.NewResult();
  const ir::DataType odt = out->dtype;
  const int ob = ir::DataTypeBits(odt) / 8, sb = ir::DataTypeBits(src.dtype) / 8;
  if (!sim::BitLayoutModelled(odt))
    c.Fail("output_dtype " + std::string(ir::DataTypeName(odt)) +
           " is not executed by the simulator (its bit layout is not modelled)");
  if (ob <= 0 || 32 % ob != 0 || sb <= 0) c.Fail("needs 1, 2 or 4-byte dtypes");
  const int64_t per_block = 32 / ob;
  const int64_t rows = off.shape[0], cols = off.shape[1];
  if (out->shape.size() != 2 || out->shape[0] != rows || out->shape[1] != cols * per_block)
    c.Fail("result box does not match offset");
  const int64_t src_bytes = src.numel() * sb;
  const int64_t vrows = std::min(off.valid[0], rows), vcols = std::min(off.valid[1], cols);
  const sim::TileBits bytes(src, /*col_major=*/false);
  for (int64_t r = 0; r < vrows; ++r) {
    for (int64_t b = 0; b < vcols; ++b) {
      const size_t oi = static_cast<size_t>(r * cols + b);
      if (off.data.IsPoison(oi)) continue;  // the block stays poison
      const int64_t o = off.data.i[oi];
      if (o % 32 != 0 || o < 0 || o + 32 > src_bytes)
        c.Fail("offset[" + std::to_string(r) + ", " + std::to_string(b) +
               "] = " + std::to_string(o) + " is not a 32-byte aligned block inside src's " +
               std::to_string(src_bytes) + " bytes");
      for (int64_t k = 0; k < per_block; ++k) {
        const std::optional<uint64_t> bits = bytes.Read(8 * (o + k * ob), 8 * ob);
        if (!bits) continue;  // undefined bytes: the element stays poison
        const size_t di = static_cast<size_t>(r * out->shape[1] + b * per_block + k);
        sim::DecodeElement(odt, *bits, out->data, di);
      }
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterGatherScatterSemantics(SemanticsTable& t) {
  t.Register(op::tile_gather_row, GatherRow);
  t.Register(op::tile_gather, Gather);
  t.Register(op::tile_gatherb, GatherB);
  t.Register(op::tile_scatter, Scatter);
  t.Register(op::tile_scatter_update, ScatterUpdate);
  t.Register(op::tile_sel, Sel);
  t.Register(op::tile_sels, Sels);
}

}  // namespace tilesplit::ops
