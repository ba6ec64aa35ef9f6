// The simulator's hottest loops written for AVX-512 (exp, row folds), beside the portable
// definitions they must agree with bit for bit. GCC does not vectorise either well from scalar
// code: the exp's table lookup became eight scalar loads per vector, the row folds a scalar loop
// with per-row bookkeeping (docs/performance.md). Each kernel performs the same IEEE operations in
// the same order as its portable form, so the host's ISA never changes a result; the tests in
// tests/unit/sim_simd_test.cpp compare the two.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tilesplit::ops::simd {

// Whether the running CPU has AVX-512F (the kernels below need it).
bool HasAvx512();

// dst[i] = expf(src[i]) with glibc's generic expf algorithm (see ExpCore in simd_kernels.cpp),
// the fastest form this host runs.
void Exp(const float* src, float* dst, size_t n);
// The portable form (a plain loop; GCC vectorises it without the table lookup).
void ExpPortable(const float* src, float* dst, size_t n);
// The AVX-512 form; only when HasAvx512().
void ExpAvx512(const float* src, float* dst, size_t n);

enum class Arith : uint8_t { Add, Sub, Mul, Div };

// out[i] = a[i * sa] op b[i * sb] for i < n, with each stride 0 (a broadcast element) or 1, not
// both 0. The AVX-512 form; only when HasAvx512(). `out` may be `a` or `b` (computed in place).
void ArithAvx512(Arith op, const float* a, int64_t sa, const float* b, int64_t sb, float* out,
                 size_t n);

enum class Fold : uint8_t { Sum, Max, Min };

// Folds the first `vlen` (>= 1) elements of 16 rows starting at `in` (row stride `len`) left to
// right without NaN handling: out[k] = ((in[k][0] op in[k][1]) op in[k][2]) ..., where max keeps
// the accumulator unless the element is greater (min: smaller). Returns the mask of rows that met
// a NaN (or made one), which the caller folds again with the NaN rule. Only when HasAvx512().
uint32_t FoldRows16Avx512(Fold f, const float* in, int64_t len, int64_t vlen, float* out);

}  // namespace tilesplit::ops::simd
