// Element bit patterns, for the semantics that look at data as bits: tile.gatherb and
// tile.reinterpret_view read bytes, tile.sel and tile.sels read bit masks. The simulator stores
// values, not bits (runtime/value.h); these helpers give each value the pattern the hardware holds:
// integers in two's complement at the dtype's width, floats in their IEEE-style formats, elements
// packed little-endian (a 4-bit element in the low nibble first).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tilesplit/runtime/value.h"

namespace tilesplit::sim {

// Whether the simulator knows dt's bit layout: every dtype but HF4 and HF8.
bool BitLayoutModelled(ir::DataType dt);

// The pattern of element i of b (held in dt's storage) in the low DataTypeBits(dt) bits; nullopt
// when the value has no spelling in dt (a NaN in FP4, which has none). The element must not be
// poison. NaNs of the narrow formats are spelled canonically (quiet, sign kept).
std::optional<uint64_t> EncodeElement(ir::DataType dt, const sim::Buffer& b, size_t i);

// Stores the value `bits` spells in dt into element i of b (dt's storage). A pattern that happens
// to match the simulator's FP32 poison is stored as an ordinary quiet NaN: it is data, not an
// undefined element. (A 64-bit integer pattern equal to the INT64 poison sentinel cannot be told
// apart and reads as poison.)
void DecodeElement(ir::DataType dt, uint64_t bits, sim::Buffer& b, size_t i);

// A tile as one bit string in memory order: the box row-major, or for a col_major tile the first
// axis fastest (then the second, ...), each element's pattern at DataTypeBits(dtype) bits. Every
// 4-bit unit also records whether it is defined: the bits of an element outside the valid extent,
// holding poison, or without a spelling are not.
class TileBits {
 public:
  TileBits(const sim::TileValue& t, bool col_major);
  int64_t size() const { return bits_; }
  // `width` (1..64) bits at bit `pos`, the first at the least significant end; nullopt when any
  // 4-bit unit they touch is undefined. The range must lie inside the string.
  std::optional<uint64_t> Read(int64_t pos, int width) const;

 private:
  int64_t bits_ = 0;
  std::vector<uint8_t> bytes_;
  std::vector<uint8_t> defined_;  // per 4-bit unit
};

// The flat (row-major) indices of a box of `shape`, in memory order (as TileBits).
std::vector<size_t> MemoryOrder(const std::vector<int64_t>& shape, bool col_major);

}  // namespace tilesplit::sim
