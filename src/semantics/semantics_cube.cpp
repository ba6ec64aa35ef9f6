// Semantics of the cube ops (ops.md 2.9). Each output element accumulates its products in
// ascending k, in FP32 for float operands and in 64-bit integers (wrapped to INT32) otherwise;
// k runs over the lhs valid K. The loop order i-k-j keeps that per-element order while letting
// the compiler vectorise over j.
#include <algorithm>
#include <vector>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

using sim::StorageKind;

// acc (M x N, row-major, already initialised) += lhs[0:M, 0:K] @ rhs[0:K, 0:N]. Cloned per ISA
// like the elementwise loops: wider vectors, the same operations in the same order.
__attribute__((target_clones("avx512f", "avx2", "default"))) void AccumulateF(
    float* acc, const TileValue& a, const TileValue& b, int64_t M, int64_t N, int64_t K) {
  const int64_t lda = a.shape[1], ldb = b.shape[1];
  const float* pa = a.data.f.data();
  const float* pb = b.data.f.data();
  for (int64_t i = 0; i < M; ++i) {
    float* crow = acc + i * N;
    for (int64_t k = 0; k < K; ++k) {
      const float av = pa[i * lda + k];
      const float* brow = pb + k * ldb;
      for (int64_t j = 0; j < N; ++j) crow[j] += av * brow[j];
    }
  }
}

void AccumulateI(int64_t* acc, const TileValue& a, const TileValue& b, int64_t M, int64_t N,
                 int64_t K) {
  const int64_t lda = a.shape[1], ldb = b.shape[1];
  for (int64_t i = 0; i < M; ++i)
    for (int64_t k = 0; k < K; ++k) {
      const int64_t av = a.data.i[static_cast<size_t>(i * lda + k)];
      for (int64_t j = 0; j < N; ++j) {
        const int64_t bv = b.data.i[static_cast<size_t>(k * ldb + j)];
        int64_t& c = acc[i * N + j];
        if (sim::IsPoisonI64(av) || sim::IsPoisonI64(bv) || sim::IsPoisonI64(c))
          c = sim::kPoisonI64;
        else
          c += av * bv;
      }
    }
}

Value MatmulImpl(OpCall& c, const TileValue* init, size_t li, size_t ri, bool zero_init) {
  const TileValue& a = c.tile(li);
  const TileValue& b = c.tile(ri);
  if (a.shape.size() != 2 || b.shape.size() != 2) c.Fail("needs 2D operands");
  const TileGeom& g = c.result();
  if (g.shape.size() != 2) c.Fail("needs a 2D result");
  const int64_t M = std::min(a.shape[0], g.shape[0]);
  const int64_t N = std::min(b.shape[1], g.shape[1]);
  // The M x N block written below covers the box unless an operand is smaller than the result.
  auto out = c.NewResult(0, M == g.shape[0] && N == g.shape[1] ? sim::BufferInit::Unspecified
                                                               : sim::BufferInit::Poison);
  const int64_t K = std::min({a.valid[1], a.shape[1], b.shape[0]});
  const int64_t ON = out->shape[1];
  const bool f = out->data.kind == StorageKind::F32;
  if (f != (a.data.kind == StorageKind::F32) || f != (b.data.kind == StorageKind::F32))
    c.Fail("operand and result storages differ");
  // Start from the accumulator (or zero), one packed M x N block.
  if (f && out->dtype == ir::DataType::FP32 && N == ON) {
    // FP32 needs no rounding on the way out: accumulate in the result itself.
    float* acc = out->data.f.data();
    if (init && !zero_init)
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) acc[i * N + j] = init->data.f[i * init->shape[1] + j];
    else
      std::fill_n(acc, M * N, 0.0f);
    AccumulateF(acc, a, b, M, N, K);
  } else if (f) {
    std::vector<float> acc(static_cast<size_t>(M * N), 0.0f);
    if (init && !zero_init)
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) acc[i * N + j] = init->data.f[i * init->shape[1] + j];
    AccumulateF(acc.data(), a, b, M, N, K);
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j)
        out->data.f[i * ON + j] = sim::RoundToDType(out->dtype, acc[i * N + j]);
  } else {
    std::vector<int64_t> acc(static_cast<size_t>(M * N), 0);
    if (init && !zero_init)
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) acc[i * N + j] = init->data.i[i * init->shape[1] + j];
    AccumulateI(acc.data(), a, b, M, N, K);
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        const int64_t v = acc[i * N + j];
        out->data.i[i * ON + j] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(out->dtype, v);
      }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value Matmul(OpCall& c) {
  return MatmulImpl(c, nullptr, 0, 1, true);
}

// TMATMUL_BIAS / TGEMV_BIAS: the bias row seeds the accumulator of every row (the cube starts
// from the bias table), then the products are added in ascending k as for any matmul.
Value MatmulBias(OpCall& c) {
  const TileValue& bias = c.tile(2);
  const TileGeom& g = c.result();
  if (g.shape.size() != 2 || bias.shape.size() != 2) c.Fail("needs 2D operands");
  TileValue init;
  init.dtype = bias.dtype;
  init.shape = g.shape;
  init.valid = g.shape;
  init.data.Resize(bias.data.kind, static_cast<size_t>(g.shape[0] * g.shape[1]), false);
  for (int64_t i = 0; i < g.shape[0]; ++i)
    for (int64_t j = 0; j < g.shape[1]; ++j) {
      const size_t at = static_cast<size_t>(i * g.shape[1] + j), from = static_cast<size_t>(j);
      if (j >= bias.shape[1] || bias.data.IsPoison(from))
        init.data.SetPoison(at);
      else if (bias.data.kind == StorageKind::F32)
        init.data.f[at] = bias.data.f[from];
      else
        init.data.i[at] = bias.data.i[from];
    }
  return MatmulImpl(c, &init, 0, 1, false);
}

// A 2D matmul per batch of the result: each operand's batch index broadcast (a unit or absent
// batch axis repeats), the same per-element order as tile.matmul.
Value BatchMatmul(OpCall& c) {
  const TileValue& a = c.tile(0);
  const TileValue& b = c.tile(1);
  const TileGeom& g = c.result();
  const size_t rank = g.shape.size();
  if (rank < 3 || a.shape.size() < 2 || b.shape.size() < 2) c.Fail("needs batched operands");
  const int64_t M = g.shape[rank - 2], N = g.shape[rank - 1];
  const int64_t K = a.shape.back();
  if (a.shape[a.shape.size() - 2] != M || b.shape.back() != N || b.shape[b.shape.size() - 2] != K)
    c.Fail("operand extents differ from the result's at run time");
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  const bool f = out->data.kind == StorageKind::F32;
  if (f != (a.data.kind == StorageKind::F32) || f != (b.data.kind == StorageKind::F32))
    c.Fail("operand and result storages differ");
  const std::vector<int64_t> batch(g.shape.begin(), g.shape.end() - 2);
  // The flat index of an operand's [M, K] / [K, N] matrix for the result's batch index `idx`.
  auto matrix = [&](const TileValue& t, const std::vector<int64_t>& idx) {
    const size_t tb = t.shape.size() - 2, shift = batch.size() - tb;
    int64_t flat = 0;
    for (size_t d = 0; d < tb; ++d)
      flat = flat * t.shape[d] + (t.shape[d] == 1 ? 0 : idx[d + shift]);
    return flat;
  };
  std::vector<int64_t> idx(batch.size(), 0);
  const int64_t batches = sim::NumElements(batch);
  for (int64_t n = 0; n < batches; ++n) {
    const int64_t ma = matrix(a, idx) * M * K, mb = matrix(b, idx) * K * N;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        const size_t o = static_cast<size_t>((n * M + i) * N + j);
        if (f) {
          float acc = 0.0f;
          for (int64_t k = 0; k < K; ++k)
            acc += a.data.f[static_cast<size_t>(ma + i * K + k)] *
                   b.data.f[static_cast<size_t>(mb + k * N + j)];
          out->data.f[o] = sim::RoundToDType(out->dtype, acc);
        } else {
          int64_t acc = 0;
          bool poison = false;
          for (int64_t k = 0; k < K; ++k) {
            const int64_t x = a.data.i[static_cast<size_t>(ma + i * K + k)];
            const int64_t y = b.data.i[static_cast<size_t>(mb + k * N + j)];
            poison |= sim::IsPoisonI64(x) || sim::IsPoisonI64(y);
            acc += x * y;
          }
          out->data.i[o] = poison ? sim::kPoisonI64 : sim::WrapToDType(out->dtype, acc);
        }
      }
    for (size_t d = batch.size(); d-- > 0;) {
      if (++idx[d] < batch[d]) break;
      idx[d] = 0;
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value MatmulAcc(OpCall& c) {
  const TileValue& acc = c.tile(0);
  const bool zero = c.has(3) && c.scalar(3).AsInt() != 0;
  return MatmulImpl(c, &acc, 1, 2, zero);
}

}  // namespace

void RegisterCubeSemantics(SemanticsTable& t) {
  t.Register(op::tile_matmul, Matmul);
  t.Register(op::tile_matmul_acc, MatmulAcc);
  t.Register(op::tile_gemv, Matmul);
  t.Register(op::tile_gemv_acc, MatmulAcc);
  t.Register(op::tile_matmul_bias, MatmulBias);
  t.Register(op::tile_gemv_bias, MatmulBias);
  t.Register(op::tile_batch_matmul, BatchMatmul);
}

}  // namespace tilesplit::ops
