// Semantics of compare and sort (ops.md 2.7). ops.md fixes the result types; what the ops compute
// inside them is this project's decision, written down in docs/simulator.md ("Compare and sort")
// and summarised here:
//
// tile.gather_compare: per row r of src, the columns j (over src's valid columns, left to right)
// with `src[r, j] CMP kvalue` are written as `offset + j` to dst[r, 0..], and cdst[0, r] counts
// every match. Only the first out_cols matches fit in dst; slots past the count hold poison (the
// op does not write them). A row outside src's valid rows, or whose valid part holds poison, makes
// that dst row and its count poison.
//
// tile.mrgsort_format2: merges the sorted input lists (each input's valid elements in row-major
// order, non-increasing, NaN above +inf) into one non-increasing list laid out over tmp's shape;
// ties keep input order (src0 before src1 ...). exhausted=True stops as soon as one list is used
// up. Positions past the merged length hold poison; poison inside any list poisons the whole
// result, since where it would sort is unknown. An unsorted list or a result too small for the
// merge is a located fault.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

using sim::StorageKind;

// cmp_mode: 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE (the order C++ and Python spell them in).
template <typename T>
bool Compare(int64_t mode, T a, T b) {
  switch (mode) {
    case 0:
      return a == b;
    case 1:
      return a != b;
    case 2:
      return a < b;
    case 3:
      return a <= b;
    case 4:
      return a > b;
    default:
      return a >= b;
  }
}

Value GatherCompare(OpCall& c) {
  const TileValue& src = c.tile(0);
  const Scalar k = c.scalar(1);
  const int64_t mode = c.int_kwarg("cmp_mode").value_or(0);
  const int64_t offset = c.int_kwarg("offset").value_or(0);
  if (src.shape.size() != 2) c.Fail("needs a 2D src");
  auto dst = c.NewResult(0);
  auto cnt = c.NewResult(1);
  const int64_t rows = src.shape[0], cols = src.shape[1];
  const int64_t out_cols = dst->shape.size() == 2 ? dst->shape[1] : 0;
  if (dst->shape.size() != 2 || dst->shape[0] != rows || cnt->numel() != rows)
    c.Fail("result boxes do not match src's rows");
  const bool is_float = src.data.kind == StorageKind::F32;
  // kvalue is converted to src's dtype first, as the vector unit compares in that dtype.
  const float kf = sim::RoundToDType(src.dtype, static_cast<float>(k.AsDouble()));
  const int64_t ki = sim::WrapToDType(src.dtype, k.AsInt());
  const int64_t vrows = std::min(src.valid[0], rows), vcols = std::min(src.valid[1], cols);
  for (int64_t r = 0; r < vrows; ++r) {
    const size_t base = static_cast<size_t>(r * cols);
    bool poisoned = false;
    for (int64_t j = 0; j < vcols && !poisoned; ++j) poisoned = src.data.IsPoison(base + j);
    if (poisoned) continue;  // dst row and count stay poison
    int64_t n = 0;
    for (int64_t j = 0; j < vcols; ++j) {
      const bool hit = is_float ? Compare(mode, src.data.f[base + j], kf)
                                : Compare(mode, src.data.i[base + j], ki);
      if (!hit) continue;
      if (n < out_cols)
        dst->data.i[static_cast<size_t>(r * out_cols + n)] =
            sim::WrapToDType(dst->dtype, offset + j);
      ++n;
    }
    cnt->data.i[static_cast<size_t>(r)] = sim::WrapToDType(cnt->dtype, n);
  }
  sim::PoisonOutsideValid(*dst);
  sim::PoisonOutsideValid(*cnt);
  return Value::Tuple({Value(dst), Value(cnt)});
}

// The order of the merge: non-increasing, NaN above everything (so a list's NaNs lead it).
// Returns true when a must come after b.
bool SortsAfter(float a, float b) {
  if (std::isnan(a)) return false;
  if (std::isnan(b)) return true;
  return a < b;
}

Value MrgSort(OpCall& c) {
  const size_t lists = c.args.size() - 1;  // the last argument is tmp
  if (lists < 2 || lists > 4) c.Fail("needs 2 to 4 lists and tmp");
  std::vector<std::vector<float>> in(lists);
  bool poisoned = false;
  for (size_t l = 0; l < lists; ++l) {
    const TileValue& t = c.tile(l);
    if (t.data.kind != StorageKind::F32) c.Fail("needs floating-point lists");
    std::vector<int64_t> idx(t.shape.size(), 0);
    for (size_t e = 0; e < t.data.size(); ++e) {
      if (t.InValid(idx)) {
        if (t.data.IsPoison(e)) poisoned = true;
        in[l].push_back(t.data.f[e]);
      }
      for (size_t d = idx.size(); d-- > 0;) {
        if (++idx[d] < t.shape[d]) break;
        idx[d] = 0;
      }
    }
  }
  auto out = c.NewResult();
  if (out->data.kind != StorageKind::F32) c.Fail("needs a floating-point result");
  if (poisoned) return Value(out);  // every position poison
  size_t total = 0;
  for (size_t l = 0; l < lists; ++l) {
    total += in[l].size();
    for (size_t i = 1; i < in[l].size(); ++i)
      if (SortsAfter(in[l][i - 1], in[l][i]))
        c.Fail("list " + std::to_string(l) + " (argument 'src" + std::to_string(l) +
               "') is not sorted in non-increasing order at element " + std::to_string(i));
  }
  const bool exhausted = c.bool_kwarg("exhausted").value_or(false);
  if (!exhausted && total > out->data.size())
    c.Fail("the merged list of " + std::to_string(total) + " elements does not fit the " +
           std::to_string(out->data.size()) + "-element result (tmp's shape)");
  std::vector<size_t> pos(lists, 0);
  size_t n = 0;
  while (true) {
    size_t best = lists;
    bool one_done = false;
    for (size_t l = 0; l < lists; ++l) {
      if (pos[l] == in[l].size()) {
        one_done = true;
        continue;
      }
      // Strictly "sorts before" keeps the earlier list first on ties.
      if (best == lists || SortsAfter(in[best][pos[best]], in[l][pos[l]])) best = l;
    }
    if (best == lists || (exhausted && one_done)) break;
    if (n == out->data.size())
      c.Fail("the merged list does not fit the " + std::to_string(out->data.size()) +
             "-element result (tmp's shape)");
    out->data.f[n++] = sim::RoundToDType(out->dtype, in[best][pos[best]++]);
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// TSORT32: per row, each 32-column block of valid values sorted descending (NaN first, as in the
// merge; ties: the smaller index first) into [value, index] pairs, the UINT32 index's bits in
// the second FP32 slot. A block holding an undefined value or index is undefined; a last block
// of n < 32 values fills its first n pairs (the hardware pads it with -inf, which sorts last).
Value Sort32(OpCall& c) {
  const TileValue& src = c.tile(0);
  const TileValue& idx = c.tile(1);
  if (src.data.kind != StorageKind::F32 || src.dtype != ir::DataType::FP32)
    c.Fail(
        "the simulator executes this op on FP32 values only (the FP16 pair layout is not "
        "modelled)");
  if (src.shape.size() != 2 || idx.shape.size() != 2) c.Fail("needs rank-2 operands");
  auto out = c.NewResult(0);
  const int64_t cols = src.shape[1], ocols = out->shape.size() == 2 ? out->shape[1] : 0;
  const int64_t vrows = std::min(src.valid[0], src.shape[0]);
  const int64_t vcols = std::min(src.valid[1], cols);
  for (int64_t r = 0; r < vrows; ++r) {
    const int64_t ir_ = idx.shape[0] == 1 ? 0 : r;
    for (int64_t b = 0; b * 32 < vcols; ++b) {
      const int64_t n = std::min<int64_t>(32, vcols - b * 32);
      std::vector<std::pair<float, int64_t>> block;
      bool poison = false;
      for (int64_t k = 0; k < n; ++k) {
        const size_t at = static_cast<size_t>(r * cols + b * 32 + k);
        const size_t ia = static_cast<size_t>(ir_ * idx.shape[1] + b * 32 + k);
        poison |= src.data.IsPoison(at) || idx.data.IsPoison(ia);
        block.emplace_back(src.data.f[at], idx.data.i[ia]);
      }
      if (poison) continue;  // the block's pairs stay undefined
      std::stable_sort(block.begin(), block.end(), [](const auto& x, const auto& y) {
        if (SortsAfter(y.first, x.first)) return true;
        if (SortsAfter(x.first, y.first)) return false;
        return x.second < y.second;
      });
      for (int64_t k = 0; k < n; ++k) {
        const size_t o = static_cast<size_t>(r * ocols + 2 * (b * 32 + k));
        if (o + 1 >= out->data.size()) c.Fail("the result is too small for the pairs");
        out->data.f[o] = block[static_cast<size_t>(k)].first;
        out->data.f[o + 1] =
            std::bit_cast<float>(static_cast<uint32_t>(block[static_cast<size_t>(k)].second));
      }
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterSortSemantics(SemanticsTable& t) {
  t.Register("tile.gather_compare", GatherCompare);
  t.Register("tile.mrgsort_format2", MrgSort);
  t.Register("tile.sort32", Sort32);
}

}  // namespace tilesplit::ops
