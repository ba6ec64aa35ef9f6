// The AVX-512 kernels of the simulator (src/semantics/simd_kernels.h) against their portable forms,
// bit for bit: the host's ISA must never change a simulated result.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <vector>

#include "semantics/simd_kernels.h"

namespace tilesplit::ops::simd {
namespace {

// Every 4099th bit pattern of the 2^32 (all signs, exponents, NaN payloads), then the edges of
// the inline range, in runs that are not multiples of 16 so that the tails are exercised too.
TEST(SimdExp, Avx512MatchesThePortableFormBitForBit) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this host";
  std::vector<float> in;
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 4099)
    in.push_back(std::bit_cast<float>(static_cast<uint32_t>(b)));
  for (float e : {0.0f, -0.0f, 88.0f, -88.0f, 0x1.5fffffp6f, 87.99999f, -87.99999f, 88.72f,
                  -103.97f, INFINITY, -INFINITY, 1e-30f, -1e-40f})
    in.push_back(e);
  std::vector<float> fast(in.size()), portable(in.size());
  ExpAvx512(in.data(), fast.data(), in.size() - 7);
  ExpPortable(in.data(), portable.data(), in.size() - 7);
  for (size_t i = 0; i + 7 < in.size(); ++i)
    ASSERT_EQ(std::bit_cast<uint32_t>(fast[i]), std::bit_cast<uint32_t>(portable[i]))
        << "exp(" << std::hexfloat << in[i] << ")";
  // In place (an op reusing its dead operand's storage): the same bits, including the inputs
  // outside the inline range, which are read again after the block is computed.
  std::vector<float> fast_in_place(in.begin(), in.end() - 7), portable_in_place = fast_in_place;
  ExpAvx512(fast_in_place.data(), fast_in_place.data(), fast_in_place.size());
  ExpPortable(portable_in_place.data(), portable_in_place.data(), portable_in_place.size());
  for (size_t i = 0; i + 7 < in.size(); ++i) {
    ASSERT_EQ(std::bit_cast<uint32_t>(fast_in_place[i]), std::bit_cast<uint32_t>(portable[i]))
        << "exp(" << std::hexfloat << in[i] << ") in place";
    ASSERT_EQ(std::bit_cast<uint32_t>(portable_in_place[i]), std::bit_cast<uint32_t>(portable[i]))
        << "portable exp(" << std::hexfloat << in[i] << ") in place";
  }
}

float FoldDef(Fold f, float acc, float v) {
  if (f == Fold::Sum) return acc + v;
  if (f == Fold::Max) return v > acc ? v : acc;
  return v < acc ? v : acc;
}

// Sixteen rows folded in the lanes: the left-to-right result of each row (signed zeros keep the
// first one met), and the NaN mask names exactly the rows that met a NaN or made one.
TEST(SimdFold, SixteenRowsFoldLeftToRight) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this host";
  constexpr int64_t kLen = 40, kValid = 37;
  std::mt19937 g(3);
  std::uniform_real_distribution<float> u(-1e3f, 1e3f);
  std::vector<float> in(16 * kLen);
  for (float& v : in) v = u(g);
  for (int64_t j = 0; j < kLen; ++j) in[static_cast<size_t>(2 * kLen + j)] = j % 3 ? -0.0f : 0.0f;
  in[5 * kLen + 7] = std::nanf("");
  in[6 * kLen + 1] = INFINITY;
  in[6 * kLen + 2] = -INFINITY;
  in[9 * kLen + 38] = std::nanf("");  // outside the valid columns: not read
  for (Fold f : {Fold::Sum, Fold::Max, Fold::Min}) {
    float out[16];
    const uint32_t nan = FoldRows16Avx512(f, in.data(), kLen, kValid, out);
    for (int k = 0; k < 16; ++k) {
      const float* row = &in[static_cast<size_t>(k * kLen)];
      float acc = row[0];
      bool met = false;
      for (int64_t j = 1; j < kValid; ++j) {
        met |= std::isnan(row[j]);
        acc = FoldDef(f, acc, row[j]);
      }
      met |= std::isnan(acc);
      EXPECT_EQ((nan >> k & 1) != 0, met) << "row " << k;
      if (!met) {
        EXPECT_EQ(std::bit_cast<uint32_t>(out[k]), std::bit_cast<uint32_t>(acc)) << k;
      }
    }
  }
}

}  // namespace
}  // namespace tilesplit::ops::simd
