// Semantics of the reductions (ops.md 2.6). A row reduction folds the valid columns of each row
// left to right; a column reduction folds the valid rows top to bottom. The order is fixed so that
// the reference and the split execution round identically. Scratch operands are not read.
#include <algorithm>
#include <cmath>

#include "simd_kernels.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

using sim::StorageKind;

enum class Red { Sum, Max, Min, ArgMax, ArgMin, Prod };

float FoldF(Red r, float acc, float v) {
  if (std::isnan(acc)) return acc;
  if (std::isnan(v)) return v;
  switch (r) {
    case Red::Sum:
      return acc + v;
    case Red::Prod:
      return acc * v;
    case Red::Max:
      return v > acc ? v : acc;
    default:
      return v < acc ? v : acc;
  }
}

// Sum, max or min of each of `rows` contiguous rows (stride `len`, the first `vlen` elements)
// into out[row]. The same left-to-right FoldF, restructured for speed: the plain comparison or
// addition that FoldF performs when no NaN is involved, eight rows in flight so that the dependent
// additions of one row overlap with the others'; a row that meets a NaN (or makes one, inf - inf)
// is folded again with FoldF itself, whose NaN rule is the definition.
template <Red r>
void FoldRowsF(const float* in, int64_t rows, int64_t len, int64_t vlen, float* out) {
  constexpr int64_t kLanes = 8;
  int64_t r0 = 0;
  // Sixteen rows at a time in the lanes of an AVX-512 register, the same operations in the same
  // order (simd_kernels.h); the rest as below.
  if (simd::HasAvx512()) {
    constexpr simd::Fold f = r == Red::Sum   ? simd::Fold::Sum
                             : r == Red::Max ? simd::Fold::Max
                                             : simd::Fold::Min;
    for (; r0 + 16 <= rows; r0 += 16) {
      const uint32_t nan = simd::FoldRows16Avx512(f, in + r0 * len, len, vlen, out + r0);
      for (int64_t k = 0; k < 16; ++k)
        if (nan >> k & 1) {
          const float* row = in + (r0 + k) * len;
          float acc = row[0];
          for (int64_t j = 1; j < vlen; ++j) acc = FoldF(r, acc, row[j]);
          out[r0 + k] = acc;
        }
    }
  }
  for (; r0 < rows; r0 += kLanes) {
    const int64_t nr = std::min(kLanes, rows - r0);
    float acc[kLanes];
    bool nan[kLanes];
    for (int64_t k = 0; k < nr; ++k) {
      acc[k] = in[(r0 + k) * len];
      nan[k] = std::isnan(acc[k]);
    }
    for (int64_t j = 1; j < vlen; ++j)
      for (int64_t k = 0; k < nr; ++k) {
        const float v = in[(r0 + k) * len + j];
        nan[k] |= std::isnan(v);
        if constexpr (r == Red::Sum)
          acc[k] = acc[k] + v;
        else if constexpr (r == Red::Max)
          acc[k] = v > acc[k] ? v : acc[k];
        else
          acc[k] = v < acc[k] ? v : acc[k];
      }
    for (int64_t k = 0; k < nr; ++k) {
      if (nan[k] || std::isnan(acc[k])) {
        const float* row = in + (r0 + k) * len;
        acc[k] = row[0];
        for (int64_t j = 1; j < vlen; ++j) acc[k] = FoldF(r, acc[k], row[j]);
      }
      out[r0 + k] = acc[k];
    }
  }
}

// Reduces along `axis` (the last axis for rows, 0 for columns) of a 2D-or-more tile viewed as
// [outer, axis, inner].
Value Reduce(OpCall& c, Red r, bool rows) {
  const TileValue& in = c.tile(0);
  auto out = c.NewResult();
  const size_t rank = in.shape.size();
  if (rank < 1) c.Fail("needs rank >= 1");
  const size_t axis = rows ? rank - 1 : 0;
  int64_t outer = 1, inner = 1;
  for (size_t d = 0; d < axis; ++d) outer *= in.shape[d];
  for (size_t d = axis + 1; d < rank; ++d) inner *= in.shape[d];
  const int64_t len = in.shape[axis];
  const int64_t vlen = std::min(in.valid[axis], len);
  if (out->data.size() != static_cast<size_t>(outer * inner)) c.Fail("result box size mismatch");
  const bool arg = r == Red::ArgMax || r == Red::ArgMin;
  // The products take the plain fold below (TROWPROD / TCOLPROD multiply in order too).
  if (!arg && r != Red::Prod && inner == 1 && vlen > 0 && in.data.kind == StorageKind::F32 &&
      out->data.kind == StorageKind::F32) {
    float* dst = out->data.f.data();
    const float* src = in.data.f.data();
    if (r == Red::Sum)
      FoldRowsF<Red::Sum>(src, outer, len, vlen, dst);
    else if (r == Red::Max)
      FoldRowsF<Red::Max>(src, outer, len, vlen, dst);
    else
      FoldRowsF<Red::Min>(src, outer, len, vlen, dst);
    for (int64_t o = 0; o < outer; ++o) dst[o] = sim::RoundToDType(out->dtype, dst[o]);
    sim::PoisonOutsideValid(*out);
    return Value(out);
  }
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t k = 0; k < inner; ++k) {
      const size_t dst = static_cast<size_t>(o * inner + k);
      auto at = [&](int64_t j) { return static_cast<size_t>((o * len + j) * inner + k); };
      if (vlen <= 0) continue;  // stays poison
      if (in.data.kind == StorageKind::F32) {
        float acc = in.data.f[at(0)];
        int64_t best = 0;
        for (int64_t j = 1; j < vlen; ++j) {
          const float v = in.data.f[at(j)];
          if (arg) {
            if (std::isnan(v) || std::isnan(acc)) {
              acc = std::isnan(acc) ? acc : v;
              continue;
            }
            if ((r == Red::ArgMax && v > acc) || (r == Red::ArgMin && v < acc)) {
              acc = v;
              best = j;
            }
          } else {
            acc = FoldF(r, acc, v);
          }
        }
        if (arg)
          out->data.i[dst] = std::isnan(acc) ? sim::kPoisonI64 : best;
        else
          out->data.f[dst] = sim::RoundToDType(out->dtype, acc);
      } else {
        int64_t acc = in.data.i[at(0)];
        int64_t best = 0;
        bool poison = sim::IsPoisonI64(acc);
        for (int64_t j = 1; j < vlen && !poison; ++j) {
          const int64_t v = in.data.i[at(j)];
          if (sim::IsPoisonI64(v)) {
            poison = true;
            break;
          }
          switch (r) {
            case Red::Sum:
              acc += v;
              break;
            case Red::Prod:
              acc = sim::WrapToDType(in.dtype, acc * v);
              break;
            case Red::Max:
            case Red::ArgMax:
              if (v > acc) acc = v, best = j;
              break;
            default:
              if (v < acc) acc = v, best = j;
          }
        }
        out->data.i[dst] = poison ? sim::kPoisonI64
                           : arg  ? best
                                  : sim::WrapToDType(out->dtype, acc);
      }
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterReductionSemantics(SemanticsTable& t) {
  t.Register(op::tile_row_sum, [](OpCall& c) { return Reduce(c, Red::Sum, true); });
  t.Register(op::tile_row_max, [](OpCall& c) { return Reduce(c, Red::Max, true); });
  t.Register(op::tile_row_min, [](OpCall& c) { return Reduce(c, Red::Min, true); });
  t.Register(op::tile_row_argmax, [](OpCall& c) { return Reduce(c, Red::ArgMax, true); });
  t.Register(op::tile_row_argmin, [](OpCall& c) { return Reduce(c, Red::ArgMin, true); });
  t.Register(op::tile_col_argmax, [](OpCall& c) { return Reduce(c, Red::ArgMax, false); });
  t.Register(op::tile_col_argmin, [](OpCall& c) { return Reduce(c, Red::ArgMin, false); });
  t.Register(op::tile_col_sum, [](OpCall& c) { return Reduce(c, Red::Sum, false); });
  t.Register(op::tile_col_max, [](OpCall& c) { return Reduce(c, Red::Max, false); });
  t.Register(op::tile_col_min, [](OpCall& c) { return Reduce(c, Red::Min, false); });
  t.Register(op::tile_row_prod, [](OpCall& c) { return Reduce(c, Red::Prod, true); });
  t.Register(op::tile_col_prod, [](OpCall& c) { return Reduce(c, Red::Prod, false); });
}

}  // namespace tilesplit::ops
