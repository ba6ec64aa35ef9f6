// AVX-512 forms of the simulator's exp and row folds, and the portable exp they must match.
#include "simd_kernels.h"

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_*(), which it then reports as used
// uninitialised where they are inlined (GCC bug 105593); the values are never read.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cmath>

namespace tilesplit::ops::simd {

namespace {

// ---- exp. glibc's expf (the algorithm of sysdeps/ieee754/flt-32/e_expf.c: x / ln2 split into
// k / 32 + r, 2^(k/32) from a 32-entry table, a cubic in r, all in double) written out inline,
// so that a tile's worth is one loop instead of a libm call per element.
// With the operations in the same order and no contraction into FMAs (ISO C++ mode, no -march,
// -ffp-contract=off), it gives the bits of glibc's generic expf on every finite |x| < 88 on every
// host; glibc's own FMA variant differs from it on two of the 2^31 such inputs (checked
// exhaustively when this was written: 0x1.04845ep+5 and -0x1.f8cbb2p+5).
// Inputs outside that range (overflow, underflow, inf, NaN and poison) go to std::exp itself.
constexpr int kExpTableBits = 5;
constexpr int kExpN = 1 << kExpTableBits;

struct alignas(64) ExpTable {
  uint64_t t[kExpN];
};

// t[i] = bits(2^(i/32)) - (i << 47): adding k << 47 to t[k % 32] gives the bits of 2^(k/32).
ExpTable MakeExpTable() {
  ExpTable tb{};
  for (int i = 0; i < kExpN; ++i) {
    const double v = static_cast<double>(exp2l(static_cast<long double>(i) / kExpN));
    tb.t[i] = std::bit_cast<uint64_t>(v) - (static_cast<uint64_t>(i) << (52 - kExpTableBits));
  }
  return tb;
}

const ExpTable kExpTable = MakeExpTable();
constexpr double kInvLn2N = 0x1.71547652b82fep+0 * kExpN;
constexpr double kExpShift = 0x1.8p+52;
constexpr double kExpC0 = 0x1.c6af84b912394p-5 / kExpN / kExpN / kExpN;
constexpr double kExpC1 = 0x1.ebfce50fac4f3p-3 / kExpN / kExpN;
constexpr double kExpC2 = 0x1.62e42ff0c52d6p-1 / kExpN;
constexpr uint32_t kTop88 = (std::bit_cast<uint32_t>(88.0f) >> 20) & 0x7ff;

// Exact only for finite |x| < 88; garbage (but no undefined behaviour) elsewhere.
inline float ExpCore(float x) {
  const double z = kInvLn2N * static_cast<double>(x);
  double kd = z + kExpShift;  // rounds z to an integer in the low bits
  const uint64_t ki = std::bit_cast<uint64_t>(kd);
  kd -= kExpShift;
  const double r = z - kd;
  const uint64_t t = kExpTable.t[ki % kExpN] + (ki << (52 - kExpTableBits));
  const double s = std::bit_cast<double>(t);
  const double p = kExpC0 * r + kExpC1;
  const double r2 = r * r;
  double y = kExpC2 * r + 1;
  y = p * r2 + y;
  return static_cast<float>(y * s);
}

inline bool ExpCoreCovers(float x) {
  return ((std::bit_cast<uint32_t>(x) >> 20) & 0x7ff) < kTop88;
}

// ExpCore on eight doubles; the table lookup is two two-register permutes and a blend instead of
// a gather (the table is four registers).
__attribute__((target("avx512f"))) inline __m256 ExpCore8(__m256 x, const __m512i tab[4]) {
  const __m512d z = _mm512_mul_pd(_mm512_set1_pd(kInvLn2N), _mm512_cvtps_pd(x));
  __m512d kd = _mm512_add_pd(z, _mm512_set1_pd(kExpShift));
  const __m512i ki = _mm512_castpd_si512(kd);
  kd = _mm512_sub_pd(kd, _mm512_set1_pd(kExpShift));
  const __m512d r = _mm512_sub_pd(z, kd);
  const __m512i idx = _mm512_and_si512(ki, _mm512_set1_epi64(kExpN - 1));
  const __m512i lo = _mm512_permutex2var_epi64(tab[0], idx, tab[1]);
  const __m512i hi = _mm512_permutex2var_epi64(tab[2], idx, tab[3]);
  const __mmask8 upper = _mm512_test_epi64_mask(idx, _mm512_set1_epi64(16));
  __m512i t = _mm512_mask_blend_epi64(upper, lo, hi);
  t = _mm512_add_epi64(t, _mm512_slli_epi64(ki, 52 - kExpTableBits));
  const __m512d s = _mm512_castsi512_pd(t);
  const __m512d p = _mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(kExpC0), r), _mm512_set1_pd(kExpC1));
  const __m512d r2 = _mm512_mul_pd(r, r);
  __m512d y = _mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(kExpC2), r), _mm512_set1_pd(1.0));
  y = _mm512_add_pd(_mm512_mul_pd(p, r2), y);
  return _mm512_cvtpd_ps(_mm512_mul_pd(y, s));
}

}  // namespace

bool HasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

// Cloned for AVX2 and the baseline (ifunc-dispatched at load time); with contraction off every
// clone performs the same IEEE operations.
__attribute__((target_clones("avx2", "default"))) void ExpPortable(const float* src, float* dst,
                                                                   size_t n) {
  // In blocks through a copy of the inputs: `dst` may be `src` (an op computing in place), and
  // the inputs outside the inline range are read again after the block is written.
  constexpr size_t kBlock = 256;
  float in[kBlock];
  for (size_t b = 0; b < n; b += kBlock) {
    const size_t m = std::min(kBlock, n - b);
    std::copy_n(src + b, m, in);
    float* out = dst + b;
    // Two loops: with the range test folded into the first, GCC 12 vectorises neither.
    for (size_t i = 0; i < m; ++i) out[i] = ExpCore(in[i]);
    uint32_t outside = 0;
    for (size_t i = 0; i < m; ++i) outside |= !ExpCoreCovers(in[i]);
    if (outside)
      for (size_t i = 0; i < m; ++i)
        if (!ExpCoreCovers(in[i])) out[i] = std::exp(in[i]);
  }
}

__attribute__((target("avx512f"))) void ExpAvx512(const float* src, float* dst, size_t n) {
  __m512i tab[4];
  for (int k = 0; k < 4; ++k) tab[k] = _mm512_load_si512(kExpTable.t + 8 * k);
  const __m512i exp_mask = _mm512_set1_epi32(0x7ff);
  const __m512i top = _mm512_set1_epi32(static_cast<int>(kTop88));
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    // Everything is read before anything is written: `dst` may be `src`.
    const __m512i bits = _mm512_loadu_si512(src + i);
    const __mmask16 covered =
        _mm512_cmplt_epi32_mask(_mm512_and_si512(_mm512_srli_epi32(bits, 20), exp_mask), top);
    const __m256 lo = ExpCore8(_mm256_loadu_ps(src + i), tab);
    const __m256 hi = ExpCore8(_mm256_loadu_ps(src + i + 8), tab);
    if (covered != 0xFFFF) {
      alignas(64) float x[16];
      _mm512_store_si512(x, bits);
      _mm256_storeu_ps(dst + i, lo);
      _mm256_storeu_ps(dst + i + 8, hi);
      for (size_t k = 0; k < 16; ++k)
        if (!(covered >> k & 1)) dst[i + k] = std::exp(x[k]);
      continue;
    }
    _mm256_storeu_ps(dst + i, lo);
    _mm256_storeu_ps(dst + i + 8, hi);
  }
  ExpPortable(src + i, dst + i, n - i);
}

void Exp(const float* src, float* dst, size_t n) {
  if (HasAvx512())
    ExpAvx512(src, dst, n);
  else
    ExpPortable(src, dst, n);
}

namespace {

template <Arith op>
__attribute__((target("avx512f"))) inline __m512 Apply(__m512 x, __m512 y) {
  if constexpr (op == Arith::Add) return _mm512_add_ps(x, y);
  if constexpr (op == Arith::Sub) return _mm512_sub_ps(x, y);
  if constexpr (op == Arith::Mul) return _mm512_mul_ps(x, y);
  return _mm512_div_ps(x, y);
}

// One load per operand and step; a broadcast operand (stride 0) is one register for the run.
template <Arith op, bool ka, bool kb>
__attribute__((target("avx512f"))) void ArithRun(const float* a, const float* b, float* out,
                                                 size_t n) {
  const __m512 ba = ka ? _mm512_setzero_ps() : _mm512_set1_ps(*a);
  const __m512 bb = kb ? _mm512_setzero_ps() : _mm512_set1_ps(*b);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512 x = ka ? _mm512_loadu_ps(a + i) : ba;
    const __m512 y = kb ? _mm512_loadu_ps(b + i) : bb;
    _mm512_storeu_ps(out + i, Apply<op>(x, y));
  }
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    const __m512 x = ka ? _mm512_maskz_loadu_ps(m, a + i) : ba;
    const __m512 y = kb ? _mm512_maskz_loadu_ps(m, b + i) : bb;
    _mm512_mask_storeu_ps(out + i, m, Apply<op>(x, y));
  }
}

template <Arith op>
void ArithStrides(const float* a, int64_t sa, const float* b, int64_t sb, float* out, size_t n) {
  if (sa && sb)
    ArithRun<op, true, true>(a, b, out, n);
  else if (sa)
    ArithRun<op, true, false>(a, b, out, n);
  else
    ArithRun<op, false, true>(a, b, out, n);
}

}  // namespace

void ArithAvx512(Arith op, const float* a, int64_t sa, const float* b, int64_t sb, float* out,
                 size_t n) {
  switch (op) {
    case Arith::Add:
      return ArithStrides<Arith::Add>(a, sa, b, sb, out, n);
    case Arith::Sub:
      return ArithStrides<Arith::Sub>(a, sa, b, sb, out, n);
    case Arith::Mul:
      return ArithStrides<Arith::Mul>(a, sa, b, sb, out, n);
    case Arith::Div:
      return ArithStrides<Arith::Div>(a, sa, b, sb, out, n);
  }
}

namespace {

// Transposes the 16 x 16 block r (row k in r[k]) in place: r[j] then holds column j.
__attribute__((target("avx512f"))) inline void Transpose16(__m512 r[16]) {
  __m512 t[16];
  for (int k = 0; k < 16; k += 2) {
    t[k] = _mm512_unpacklo_ps(r[k], r[k + 1]);
    t[k + 1] = _mm512_unpackhi_ps(r[k], r[k + 1]);
  }
  for (int k = 0; k < 16; k += 4) {
    r[k] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(t[k]), _mm512_castps_pd(t[k + 2])));
    r[k + 1] =
        _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(t[k]), _mm512_castps_pd(t[k + 2])));
    r[k + 2] = _mm512_castpd_ps(
        _mm512_unpacklo_pd(_mm512_castps_pd(t[k + 1]), _mm512_castps_pd(t[k + 3])));
    r[k + 3] = _mm512_castpd_ps(
        _mm512_unpackhi_pd(_mm512_castps_pd(t[k + 1]), _mm512_castps_pd(t[k + 3])));
  }
  for (int h = 0; h < 16; h += 8)
    for (int k = 0; k < 4; ++k) {
      t[h + k] = _mm512_shuffle_f32x4(r[h + k], r[h + k + 4], 0x88);
      t[h + k + 4] = _mm512_shuffle_f32x4(r[h + k], r[h + k + 4], 0xdd);
    }
  for (int k = 0; k < 8; ++k) {
    r[k] = _mm512_shuffle_f32x4(t[k], t[k + 8], 0x88);
    r[k + 8] = _mm512_shuffle_f32x4(t[k], t[k + 8], 0xdd);
  }
}

template <Fold f>
__attribute__((target("avx512f"))) inline __m512 FoldStep(__m512 acc, __m512 v) {
  if constexpr (f == Fold::Sum) return _mm512_add_ps(acc, v);
  if constexpr (f == Fold::Max)  // v > acc ? v : acc
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, acc, _CMP_GT_OQ), acc, v);
  return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, acc, _CMP_LT_OQ), acc, v);
}

// Lane k of the accumulator is row k: blocks of 16 columns are loaded row by row and transposed,
// then folded in column order, so each row sees its elements left to right.
template <Fold f>
__attribute__((target("avx512f"))) uint32_t FoldRows16(const float* in, int64_t len, int64_t vlen,
                                                       float* out) {
  __m512 acc = _mm512_setzero_ps();
  __mmask16 nan = 0;
  __m512 r[16];
  for (int64_t j0 = 0; j0 < vlen; j0 += 16) {
    const int64_t w = std::min<int64_t>(16, vlen - j0);
    const __mmask16 m = static_cast<__mmask16>((1u << w) - 1);
    for (int k = 0; k < 16; ++k) r[k] = _mm512_maskz_loadu_ps(m, in + k * len + j0);
    Transpose16(r);
    int64_t j = 0;
    if (j0 == 0) {
      acc = r[0];
      nan |= _mm512_cmp_ps_mask(acc, acc, _CMP_UNORD_Q);
      j = 1;
    }
    for (; j < w; ++j) {
      nan |= _mm512_cmp_ps_mask(r[j], r[j], _CMP_UNORD_Q);
      acc = FoldStep<f>(acc, r[j]);
    }
  }
  nan |= _mm512_cmp_ps_mask(acc, acc, _CMP_UNORD_Q);
  _mm512_storeu_ps(out, acc);
  return nan;
}

}  // namespace

uint32_t FoldRows16Avx512(Fold f, const float* in, int64_t len, int64_t vlen, float* out) {
  switch (f) {
    case Fold::Sum:
      return FoldRows16<Fold::Sum>(in, len, vlen, out);
    case Fold::Max:
      return FoldRows16<Fold::Max>(in, len, vlen, out);
    case Fold::Min:
      return FoldRows16<Fold::Min>(in, len, vlen, out);
  }
  return 0;
}

}  // namespace tilesplit::ops::simd
