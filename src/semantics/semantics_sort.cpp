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
// tile.mrgsort_format2 and tile.mrgsort_format1 (pto-isa TMRGSORT): every element pair is a
// value-index pair of TMRGSORT's FP32 layout (the value, then the UINT32 index's bits: what
// tile.sort32 writes). Format 2 merges the sorted input lists (each input's valid elements in
// row-major order, non-increasing by value, NaN above +inf) into one non-increasing list of pairs
// laid out over tmp's shape; ties keep input order (src0 before src1 ...). exhausted=True stops
// as soon as one list is used up. Positions past the merged length hold poison; poison inside any
// list poisons the whole result, since where it would sort is unknown. Format 1 merges, in each
// group of 4 * block_len elements of its one row, the four sorted blocks of block_len elements
// (ties: the earlier block first). An unsorted list or block, a list of an odd number of
// elements, or a result too small for the merge is a located fault; FP16 pairs (a half value
// padded beside a 32-bit index) are not modelled, a located fault too.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tilesplit/ir/error.h"
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

// A value-index pair of TMRGSORT's FP32 layout: the value, then the UINT32 index's bits.
struct Pair {
  float value = 0, index_bits = 0;
};

void RequireFP32Pairs(OpCall& c, const TileValue& t) {
  if (t.data.kind != StorageKind::F32 || t.dtype != ir::DataType::FP32)
    c.Fail(
        "the simulator executes this op on FP32 pairs only (the FP16 pair layout, a half value "
        "padded beside a 32-bit index, is not modelled)");
}

// The pairs of `n` consecutive elements from `from`; `poisoned` is set when one is undefined.
std::vector<Pair> PairsAt(const TileValue& t, size_t from, size_t n, bool* poisoned) {
  std::vector<Pair> run;
  for (size_t e = from; e + 1 < from + n; e += 2) {
    *poisoned = *poisoned || t.data.IsPoison(e) || t.data.IsPoison(e + 1);
    run.push_back({t.data.f[e], t.data.f[e + 1]});
  }
  return run;
}

void RequireSorted(OpCall& c, const std::vector<Pair>& run, const std::string& what) {
  for (size_t i = 1; i < run.size(); ++i)
    if (SortsAfter(run[i - 1].value, run[i].value))
      c.Fail(what + " is not sorted in non-increasing order at pair " + std::to_string(i));
}

// The merge of sorted runs, descending (strictly "sorts before" keeps the earlier run first on
// ties); with `exhausted` it stops as soon as one run is used up.
std::vector<Pair> MergeRuns(const std::vector<std::vector<Pair>>& runs, bool exhausted) {
  std::vector<size_t> pos(runs.size(), 0);
  std::vector<Pair> out;
  while (true) {
    size_t best = runs.size();
    bool one_done = false;
    for (size_t l = 0; l < runs.size(); ++l) {
      if (pos[l] == runs[l].size()) {
        one_done = true;
        continue;
      }
      if (best == runs.size() || SortsAfter(runs[best][pos[best]].value, runs[l][pos[l]].value))
        best = l;
    }
    if (best == runs.size() || (exhausted && one_done)) break;
    out.push_back(runs[best][pos[best]++]);
  }
  return out;
}

// TMRGSORT's merge of 2 to 4 lists (format 2): each list is its valid elements in row-major
// order, read as pairs.
Value MrgSort(OpCall& c) {
  const size_t lists = c.args.size() - 1;  // the last argument is tmp
  if (lists < 2 || lists > 4) c.Fail("needs 2 to 4 lists and tmp");
  std::vector<std::vector<Pair>> in(lists);
  bool poisoned = false;
  for (size_t l = 0; l < lists; ++l) {
    const TileValue& t = c.tile(l);
    RequireFP32Pairs(c, t);
    std::vector<float> vals;
    std::vector<bool> poison;
    std::vector<int64_t> idx(t.shape.size(), 0);
    for (size_t e = 0; e < t.data.size(); ++e) {
      if (t.InValid(idx)) {
        poison.push_back(t.data.IsPoison(e));
        vals.push_back(t.data.f[e]);
      }
      for (size_t d = idx.size(); d-- > 0;) {
        if (++idx[d] < t.shape[d]) break;
        idx[d] = 0;
      }
    }
    if (vals.size() % 2 != 0)
      c.Fail("list " + std::to_string(l) + " (argument 'src" + std::to_string(l) + "') holds " +
             std::to_string(vals.size()) + " valid elements, not whole value-index pairs");
    for (size_t e = 0; e < vals.size(); e += 2) {
      poisoned = poisoned || poison[e] || poison[e + 1];
      in[l].push_back({vals[e], vals[e + 1]});
    }
  }
  auto out = c.NewResult();
  RequireFP32Pairs(c, *out);
  if (poisoned) return Value(out);  // every position poison: where it would sort is unknown
  size_t total = 0;
  for (size_t l = 0; l < lists; ++l) {
    total += 2 * in[l].size();
    RequireSorted(c, in[l],
                  "list " + std::to_string(l) + " (argument 'src" + std::to_string(l) + "')");
  }
  const bool exhausted = c.bool_kwarg("exhausted").value_or(false);
  if (!exhausted && total > out->data.size())
    c.Fail("the merged list of " + std::to_string(total) + " elements does not fit the " +
           std::to_string(out->data.size()) + "-element result (tmp's shape)");
  const std::vector<Pair> merged = MergeRuns(in, exhausted);
  if (2 * merged.size() > out->data.size())
    c.Fail("the merged list does not fit the " + std::to_string(out->data.size()) +
           "-element result (tmp's shape)");
  for (size_t p = 0; p < merged.size(); ++p) {
    out->data.f[2 * p] = merged[p].value;
    out->data.f[2 * p + 1] = merged[p].index_bits;
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// TMRGSORT's single-list sort (format 1): the row's valid elements, in groups of four blocks of
// block_len elements, each group's four sorted runs merged in place. A group holding an
// undefined element is undefined.
Value MrgSort1(OpCall& c) {
  const TileValue& src = c.tile(0);
  RequireFP32Pairs(c, src);
  const int64_t block = c.int_kwarg("block_len").value_or(0);
  if (src.shape.size() != 2 || src.shape[0] != 1) c.Fail("needs one row");
  const int64_t vcols = std::min(src.valid[1], src.shape[1]);
  if (block <= 0 || block % 2 != 0 || vcols % (4 * block) != 0 || vcols == 0 ||
      vcols / (4 * block) > 255)
    ir::ThrowUser(c.call.span,
                  c.name() + ": the valid columns " + std::to_string(vcols) +
                      " must be 1 to 255 groups of 4 * block_len (" + std::to_string(4 * block) +
                      " elements)",
                  {{{},
                    "give the row whole groups of four sorted blocks, or merge the blocks as "
                    "lists with pl.tile.mrgsort(src0, src1, ..., tmp)"}});
  auto out = c.NewResult();
  if (out->data.size() < static_cast<size_t>(vcols)) c.Fail("the result is too small");
  for (int64_t g = 0; g * 4 * block < vcols; ++g) {
    std::vector<std::vector<Pair>> runs;
    bool poisoned = false;
    for (int64_t b = 0; b < 4; ++b)
      runs.push_back(PairsAt(src, static_cast<size_t>((4 * g + b) * block),
                             static_cast<size_t>(block), &poisoned));
    if (poisoned) continue;  // the group's elements stay undefined
    for (size_t b = 0; b < runs.size(); ++b)
      RequireSorted(c, runs[b], "block " + std::to_string(b) + " of group " + std::to_string(g));
    const std::vector<Pair> merged = MergeRuns(runs, false);
    for (size_t p = 0; p < merged.size(); ++p) {
      const size_t at = static_cast<size_t>(4 * g * block) + 2 * p;
      out->data.f[at] = merged[p].value;
      out->data.f[at + 1] = merged[p].index_bits;
    }
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
  t.Register(op::tile_gather_compare, GatherCompare);
  t.Register(op::tile_mrgsort_format1, MrgSort1);
  t.Register(op::tile_mrgsort_format2, MrgSort);
  t.Register(op::tile_sort32, Sort32);
}

}  // namespace tilesplit::ops
