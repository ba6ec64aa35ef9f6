// Element bit patterns (runtime/bit_codec.h).
#include "tilesplit/runtime/bit_codec.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace tilesplit::sim {

namespace {

using ir::DataType;

// The IEEE-style pattern of an exactly representable value in a format with `eb` exponent and `mb`
// mantissa bits (bias 2^(eb-1) - 1, all-ones exponent for inf / NaN).
uint64_t EncodeIeee(float v, int eb, int mb) {
  const int bias = (1 << (eb - 1)) - 1;
  const uint64_t sign = std::signbit(v) ? uint64_t{1} << (eb + mb) : 0;
  const uint64_t exp_all = (uint64_t{1} << eb) - 1;
  if (std::isnan(v)) return sign | exp_all << mb | uint64_t{1} << (mb - 1);
  if (std::isinf(v)) return sign | exp_all << mb;
  const double a = std::fabs(static_cast<double>(v));
  if (a == 0) return sign;
  int e;
  std::frexp(a, &e);
  int exp = e - 1 + bias;  // biased exponent of a = 1.m * 2^(e-1)
  if (exp <= 0) {          // subnormal: a = m * 2^(1 - bias - mb)
    const auto m = static_cast<uint64_t>(std::ldexp(a, bias - 1 + mb));
    return sign | m;
  }
  const auto m = static_cast<uint64_t>(std::ldexp(a, mb - (e - 1))) & ((uint64_t{1} << mb) - 1);
  return sign | static_cast<uint64_t>(exp) << mb | m;
}

// The inverse. E4M3FN has no infinity and only S.1111.111 is NaN; FP4 (E2M1) has no specials.
float DecodeFloat(DataType dt, uint64_t bits) {
  int eb = 0, mb = 0;
  switch (dt) {
    case DataType::FP32:
      return std::bit_cast<float>(static_cast<uint32_t>(bits));
    case DataType::BF16:
      return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
    case DataType::FP16:
      eb = 5, mb = 10;
      break;
    case DataType::FP8E5M2:
      eb = 5, mb = 2;
      break;
    case DataType::FP8E4M3FN:
      eb = 4, mb = 3;
      break;
    case DataType::FP4:
      eb = 2, mb = 1;
      break;
    case DataType::FP8E8M0:  // a bare exponent: 2^(b - 127), 0xFF is NaN
      return bits == 0xFF ? std::numeric_limits<float>::quiet_NaN()
                          : static_cast<float>(std::ldexp(1.0, static_cast<int>(bits) - 127));
    default:
      return std::numeric_limits<float>::quiet_NaN();
  }
  const int bias = (1 << (eb - 1)) - 1;
  const bool neg = (bits >> (eb + mb)) & 1u;
  const int exp = static_cast<int>((bits >> mb) & ((1u << eb) - 1));
  const uint64_t m = bits & ((uint64_t{1} << mb) - 1);
  const bool ieee_specials = dt != DataType::FP8E4M3FN && dt != DataType::FP4;
  double a;
  if (dt == DataType::FP8E4M3FN && exp == 15 && m == 7) {
    a = std::numeric_limits<double>::quiet_NaN();
  } else if (ieee_specials && exp == (1 << eb) - 1) {
    a = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (exp == 0) {
    a = std::ldexp(static_cast<double>(m), 1 - bias - mb);
  } else {
    a = std::ldexp(static_cast<double>(m | uint64_t{1} << mb), exp - bias - mb);
  }
  return static_cast<float>(neg ? -a : a);
}

// Visits a box in memory order: f(flat row-major index, multi-index).
template <typename F>
void WalkMemoryOrder(const std::vector<int64_t>& shape, bool col_major, F f) {
  const size_t rank = shape.size();
  const int64_t n = sim::NumElements(shape);
  if (n <= 0) return;
  const auto strides = sim::RowMajorStrides(shape);
  std::vector<int64_t> idx(rank, 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t flat = 0;
    for (size_t d = 0; d < rank; ++d) flat += idx[d] * strides[d];
    f(static_cast<size_t>(flat), idx);
    // Advance the fastest axis: the last for row-major, the first for col-major.
    for (size_t step = 0; step < rank; ++step) {
      const size_t d = col_major ? step : rank - 1 - step;
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace

bool BitLayoutModelled(DataType dt) {
  return dt != DataType::HF4 && dt != DataType::HF8;
}

std::optional<uint64_t> EncodeElement(DataType dt, const sim::Buffer& b, size_t i) {
  const int bits = ir::DataTypeBits(dt);
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  if (!ir::IsFloat(dt)) return static_cast<uint64_t>(b.i[i]) & mask;
  const float v = b.f[i];
  switch (dt) {
    case DataType::FP32:
      return std::bit_cast<uint32_t>(v);
    case DataType::BF16: {
      const uint32_t u = std::bit_cast<uint32_t>(v);
      // Rounded BF16 values sit in the top half; a NaN keeps a non-zero mantissa there.
      return std::isnan(v) ? (u >> 16) | 0x40u : u >> 16;
    }
    case DataType::FP16:
      return EncodeIeee(v, 5, 10);
    case DataType::FP8E5M2:
      return EncodeIeee(v, 5, 2);
    case DataType::FP8E4M3FN: {
      const uint64_t sign = std::signbit(v) ? 0x80 : 0;
      if (std::isnan(v)) return sign | 0x7F;
      if (std::isinf(v)) return sign | 0x7E;  // the format saturates (value.h rounding)
      return EncodeIeee(v, 4, 3);
    }
    case DataType::FP8E8M0: {
      if (std::isnan(v) || std::isinf(v) || v <= 0) return 0xFF;  // no sign, no zero: NaN
      int e;
      std::frexp(v, &e);  // v = 2^(e - 1)
      const int biased = e - 1 + 127;
      if (biased < 0 || biased > 254) return std::nullopt;
      return static_cast<uint64_t>(biased);
    }
    case DataType::FP4:
      if (std::isnan(v) || std::isinf(v)) return std::nullopt;
      return EncodeIeee(v, 2, 1);
    default:
      return std::nullopt;
  }
}

void DecodeElement(DataType dt, uint64_t bits, sim::Buffer& b, size_t i) {
  if (!ir::IsFloat(dt)) {
    b.i[i] = sim::WrapToDType(dt, static_cast<int64_t>(bits));
    return;
  }
  float v = DecodeFloat(dt, bits);
  if (sim::IsPoisonF32(v)) v = std::numeric_limits<float>::quiet_NaN();
  b.f[i] = v;
}

std::vector<size_t> MemoryOrder(const std::vector<int64_t>& shape, bool col_major) {
  std::vector<size_t> order;
  order.reserve(static_cast<size_t>(std::max<int64_t>(sim::NumElements(shape), 0)));
  WalkMemoryOrder(shape, col_major,
                  [&](size_t flat, const std::vector<int64_t>&) { order.push_back(flat); });
  return order;
}

TileBits::TileBits(const sim::TileValue& t, bool col_major) {
  const int w = ir::DataTypeBits(t.dtype);
  bits_ = t.numel() * w;
  bytes_.assign(static_cast<size_t>((bits_ + 7) / 8), 0);
  defined_.assign(static_cast<size_t>((bits_ + 3) / 4), 0);
  int64_t pos = 0;
  WalkMemoryOrder(t.shape, col_major, [&](size_t flat, const std::vector<int64_t>& idx) {
    const int64_t at = pos;
    pos += w;
    if (!t.InValid(idx) || t.data.IsPoison(flat)) return;
    const std::optional<uint64_t> p = EncodeElement(t.dtype, t.data, flat);
    if (!p) return;
    // Widths are multiples of 4 and elements start on 4-bit units, so nibbles tile them.
    for (int b = 0; b < w; b += 4) {
      const auto unit = static_cast<size_t>((at + b) / 4);
      bytes_[unit / 2] |= static_cast<uint8_t>(((*p >> b) & 0xF) << (4 * (unit % 2)));
      defined_[unit] = 1;
    }
  });
}

std::optional<uint64_t> TileBits::Read(int64_t pos, int width) const {
  for (int64_t u = pos / 4; u <= (pos + width - 1) / 4; ++u)
    if (!defined_[static_cast<size_t>(u)]) return std::nullopt;
  uint64_t v = 0;
  if (pos % 8 == 0 && width % 8 == 0) {
    for (int k = 0; k < width / 8; ++k)
      v |= static_cast<uint64_t>(bytes_[static_cast<size_t>(pos / 8 + k)]) << (8 * k);
    return v;
  }
  for (int b = 0; b < width; ++b) {
    const int64_t at = pos + b;
    v |= static_cast<uint64_t>((bytes_[static_cast<size_t>(at / 8)] >> (at % 8)) & 1u) << b;
  }
  return v;
}

}  // namespace tilesplit::sim
