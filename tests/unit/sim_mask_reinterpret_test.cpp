// Execution semantics of the bit masks of tile.sel / tile.sels and of tile.reinterpret_view's
// byte reinterpretation, run through small kernels on the reference interpreter. Expected values
// are worked out by hand (bit patterns written out in the comments), never copied from a run;
// docs/simulator.md states the decisions pinned here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim_kernel_run.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/runtime/bit_codec.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::sim {
namespace {

using ir::DataType;
using testing::Bits;
using testing::FromBits;
using testing::kPoison;

// Every kernel of this file is parsed under one file name, for located faults.
struct KernelRun : testing::KernelRun {
  explicit KernelRun(const std::string& body)
      : testing::KernelRun(body, "mask_reinterpret_test.py") {}
};

// `text` with every KEY replaced by its value.
std::string Fill(std::string text, const std::map<std::string, std::string>& subs) {
  for (const auto& [key, value] : subs)
    for (size_t at; (at = text.find(key)) != std::string::npos;)
      text.replace(at, key.size(), value);
  return text;
}

std::vector<double> Iota(double start, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(start + i);
  return v;
}

// ---------------------------------------------------------------------------------------------
// The bit codec (runtime/bit_codec.h) on the formats no kernel test below reaches.

std::optional<uint64_t> Encode(DataType dt, double v) {
  Buffer b;
  b.Resize(StorageOf(dt), 1, false);
  if (b.kind == StorageKind::F32)
    b.f[0] = RoundToDType(dt, static_cast<float>(v));
  else
    b.i[0] = WrapToDType(dt, static_cast<int64_t>(v));
  return sim::EncodeElement(dt, b, 0);
}

double Decode(DataType dt, uint64_t bits) {
  Buffer b;
  b.Resize(StorageOf(dt), 1, false);
  sim::DecodeElement(dt, bits, b, 0);
  return b.kind == StorageKind::F32 ? b.f[0] : static_cast<double>(b.i[0]);
}

TEST(SimBitCodec, NarrowFloatPatterns) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(Encode(DataType::FP16, 1.0), 0x3C00u);
  EXPECT_EQ(Encode(DataType::FP8E4M3FN, 448.0), 0x7Eu);  // S.1111.110, the largest finite
  EXPECT_EQ(Encode(DataType::FP8E4M3FN, nan), 0x7Fu);    // its only NaN
  EXPECT_EQ(Encode(DataType::FP8E4M3FN, -0.0), 0x80u);
  EXPECT_EQ(Encode(DataType::FP8E5M2, -1.5), 0xBEu);  // 1.01100.10
  EXPECT_EQ(Encode(DataType::FP8E8M0, 1.0), 127u);
  EXPECT_EQ(Encode(DataType::FP8E8M0, 0.25), 125u);
  EXPECT_EQ(Encode(DataType::FP4, 6.0), 0x7u);           // E2M1 0.11.1
  EXPECT_EQ(Encode(DataType::FP4, 0.5), 0x1u);           // the subnormal 0.00.1
  EXPECT_EQ(Encode(DataType::FP4, -1.0), 0xAu);          // 1.01.0
  EXPECT_FALSE(Encode(DataType::FP4, nan).has_value());  // FP4 has no NaN
  EXPECT_EQ(Encode(DataType::INT4, -1), 0xFu);
  EXPECT_EQ(Encode(DataType::INT16, -2), 0xFFFEu);
  EXPECT_EQ(Decode(DataType::FP4, 0xF), -6.0);
  EXPECT_EQ(Decode(DataType::FP8E4M3FN, 0x01), std::ldexp(1.0, -9));
  EXPECT_TRUE(std::isnan(Decode(DataType::FP8E8M0, 0xFF)));
  EXPECT_EQ(Decode(DataType::INT4, 0x8), -8);
  EXPECT_EQ(Decode(DataType::UINT4, 0x8), 8);
  EXPECT_FALSE(sim::BitLayoutModelled(DataType::HF8));
}

// 4-bit elements pack low nibble first; a col_major tile runs down its columns; undefined nibbles
// make a read that touches them undefined, and only those.
TEST(SimBitCodec, TileBitsOrderAndDefinedness) {
  {
    auto t = MakePoisonTile(DataType::INT4, ir::MemorySpace::Vec, {1, 4}, {1, 3});
    t->data.i = {1, -1, 7, -8};
    const sim::TileBits bits(*t, /*col_major=*/false);
    EXPECT_EQ(bits.size(), 16);
    EXPECT_EQ(bits.Read(0, 8), 0xF1u);
    EXPECT_EQ(bits.Read(4, 4), 0xFu);
    EXPECT_EQ(bits.Read(8, 4), 0x7u);
    EXPECT_EQ(bits.Read(5, 3), 0x7u);           // bits 5..7 of 0xF1
    EXPECT_FALSE(bits.Read(8, 8).has_value());  // element 3 lies outside the valid extent
    EXPECT_FALSE(bits.Read(12, 1).has_value());
  }
  {
    auto t = MakePoisonTile(DataType::INT8, ir::MemorySpace::Vec, {2, 2}, {2, 2});
    t->data.i = {1, 2, 3, 4};  // (0,0) (0,1) (1,0) (1,1)
    EXPECT_EQ(sim::TileBits(*t, false).Read(0, 32), 0x04030201u);
    EXPECT_EQ(sim::TileBits(*t, true).Read(0, 32), 0x04020301u);
  }
}

// ---------------------------------------------------------------------------------------------
// tile.sels

// src is [4, 16] FP32 holding 100 + flat index, valid [@VR@, @VC@]; the mask is [4, @MC@] of
// @MDT@.
const char* kSels = R"(
@pl.function(type=pl.FunctionType.InCore)
def k(m: pl.Tensor[[4, @MC@], pl.@MDT@], x: pl.Tensor[[4, 16], pl.FP32],
      out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
    mt = pl.load(m, [0, 0], [4, @MC@], target_memory=pl.Mem.Vec)
    xt = pl.load(x, [0, 0], [4, 16], [@VR@, @VC@], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([4, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.tile.sels(mt, xt, tmp, -1.0)
    return pl.store(y, [0, 0], out)
)";

std::string Sels(const char* mdt, int mask_cols, int vr = 4, int vc = 16) {
  return Fill(kSels, {{"@MDT@", mdt},
                      {"@MC@", std::to_string(mask_cols)},
                      {"@VR@", std::to_string(vr)},
                      {"@VC@", std::to_string(vc)}});
}

// Expects row r of `out` to pick x (100 + 16r + j) exactly at the columns in `set`, -1 elsewhere,
// over columns [0, cols).
void ExpectRow(KernelRun& r, int row, const std::vector<int>& set, int cols = 16) {
  for (int j = 0; j < cols; ++j) {
    const size_t i = static_cast<size_t>(row * 16 + j);
    const bool picked = std::find(set.begin(), set.end(), j) != set.end();
    EXPECT_EQ(r.F("out", i), picked ? 100.0f + static_cast<float>(i) : -1.0f)
        << "row " << row << " col " << j;
  }
}

// Bit j of a row is bit j % 8 of byte j / 8, least significant first; set picks src.
TEST(SimSelsMask, BitOrderInBytes) {
  KernelRun r(Sels("UINT8", 2));
  r.In("m", DataType::UINT8, {4, 2},
       {0x01, 0x80,    // columns 0 and 15
        0xA5, 0x0F,    // 1010'0101: 0, 2, 5, 7; 0000'1111: 8..11
        0xFF, 0xFF,    // every column
        0x00, 0x00});  // none
  r.In("x", DataType::FP32, {4, 16}, Iota(100, 64));
  r.Out("out", DataType::FP32, {4, 16});
  r.Go();
  ExpectRow(r, 0, {0, 15});
  ExpectRow(r, 1, {0, 2, 5, 7, 8, 9, 10, 11});
  ExpectRow(r, 2, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  ExpectRow(r, 3, {});
}

// Wider mask elements are their little-endian bytes: the low byte holds columns 0..7.
TEST(SimSelsMask, MultiByteElementsAreLittleEndian) {
  {
    KernelRun r(Sels("UINT16", 1));
    r.In("m", DataType::UINT16, {4, 1}, {0x8001, 0x0100, 0x00F0, 0xFFFF});
    r.In("x", DataType::FP32, {4, 16}, Iota(100, 64));
    r.Out("out", DataType::FP32, {4, 16});
    r.Go();
    ExpectRow(r, 0, {0, 15});
    ExpectRow(r, 1, {8});  // byte 1, bit 0
    ExpectRow(r, 2, {4, 5, 6, 7});
    ExpectRow(r, 3, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  }
  {  // A 32-bit element covers 32 columns; bits 16..31 lie past src and are ignored.
    KernelRun r(Sels("INT32", 1));
    r.In("m", DataType::INT32, {4, 1}, {0x00010002, -1, 0x7FFF0000, 0x00004000});
    r.In("x", DataType::FP32, {4, 16}, Iota(100, 64));
    r.Out("out", DataType::FP32, {4, 16});
    r.Go();
    ExpectRow(r, 0, {1});
    ExpectRow(r, 1, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
    ExpectRow(r, 2, {});
    ExpectRow(r, 3, {14});
  }
}

// The op's own sample shape: a [128, 16] UINT8 mask over [128, 128] data (16 bytes = 128 bits per
// row). Row r's mask bytes are all r, so column j is picked when bit j % 8 of r is set.
TEST(SimSelsMask, SampleShapeRuns) {
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def k(m: pl.Tensor[[128, 16], pl.UINT8], x: pl.Tensor[[128, 128], pl.FP32],
      out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    mt = pl.load(m, [0, 0], [128, 16], target_memory=pl.Mem.Vec)
    xt = pl.load(x, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.tile.sels(mt, xt, xt, 7.0)
    return pl.store(y, [0, 0], out)
)");
  std::vector<double> mask(128 * 16), x(128 * 128);
  for (int row = 0; row < 128; ++row)
    for (int b = 0; b < 16; ++b) mask[static_cast<size_t>(row * 16 + b)] = row;
  for (size_t i = 0; i < x.size(); ++i) x[i] = -static_cast<double>(i);
  r.In("m", DataType::UINT8, {128, 16}, mask);
  r.In("x", DataType::FP32, {128, 128}, x);
  r.Out("out", DataType::FP32, {128, 128});
  r.Go();
  for (int row = 0; row < 128; ++row)
    for (int j = 0; j < 128; ++j) {
      const size_t i = static_cast<size_t>(row * 128 + j);
      const bool set = (row >> (j % 8)) & 1;
      ASSERT_EQ(r.F("out", i), set ? -static_cast<float>(i) : 7.0f) << row << ", " << j;
    }
}

// src valid [3, 10]: the mask needs ceil(10 / 8) = 2 bytes per row; its bits for columns 10..15
// are ignored (those elements are outside the result's valid extent), and so is row 3. With 8
// valid columns one mask byte per row is enough.
TEST(SimSelsMask, ValidExtentAndPartialBytes) {
  {
    KernelRun r(Sels("UINT8", 2, /*vr=*/3, /*vc=*/10));
    r.In("m", DataType::UINT8, {4, 2}, {0x00, 0xFC, 0x01, 0xFC, 0xFF, 0x03, 0xFF, 0xFF});
    r.In("x", DataType::FP32, {4, 16}, Iota(100, 64));
    r.Out("out", DataType::FP32, {4, 16});
    r.Go();
    ExpectRow(r, 0, {}, 10);  // 0xFC in byte 1 sets columns 10..15 only
    ExpectRow(r, 1, {0}, 10);
    ExpectRow(r, 2, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 10);
    for (size_t i = 0; i < 64; ++i) {
      const bool outside = i >= 48 || i % 16 >= 10;
      if (outside) {
        EXPECT_TRUE(r.Poison("out", i)) << i;
      }
    }
  }
  {
    KernelRun r(Sels("UINT8", 1, /*vr=*/4, /*vc=*/8));
    r.In("m", DataType::UINT8, {4, 1}, {0x81, 0x00, 0x7E, 0xFF});
    r.In("x", DataType::FP32, {4, 16}, Iota(100, 64));
    r.Out("out", DataType::FP32, {4, 16});
    r.Go();
    ExpectRow(r, 0, {0, 7}, 8);
    ExpectRow(r, 1, {}, 8);
    ExpectRow(r, 2, {1, 2, 3, 4, 5, 6}, 8);
    ExpectRow(r, 3, {0, 1, 2, 3, 4, 5, 6, 7}, 8);
    for (size_t i = 0; i < 64; ++i) {
      if (i % 16 >= 8) {
        EXPECT_TRUE(r.Poison("out", i)) << i;
      }
    }
  }
}

// A poison mask element makes exactly the columns its bits decide poison. Poison in src matters
// only where the mask picks src; a clear bit gives the scalar.
TEST(SimSelsMask, Poison) {
  KernelRun r(Sels("UINT8", 2));
  r.In("m", DataType::UINT8, {4, 2}, {kPoison, 0xFF, 0xFF, kPoison, 0x00, 0x00, 0x01, 0x00});
  std::vector<double> x = Iota(100, 64);
  x[2 * 16 + 3] = kPoison;  // row 2: mask clear, the scalar is taken
  x[3 * 16 + 0] = kPoison;  // row 3: mask set, poison is selected
  r.In("x", DataType::FP32, {4, 16}, x);
  r.Out("out", DataType::FP32, {4, 16});
  r.Go();
  for (int j = 0; j < 16; ++j) {
    EXPECT_EQ(r.Poison("out", static_cast<size_t>(j)), j < 8) << j;
    EXPECT_EQ(r.Poison("out", static_cast<size_t>(16 + j)), j >= 8) << j;
  }
  for (int j = 8; j < 16; ++j) EXPECT_EQ(r.F("out", static_cast<size_t>(j)), 100.0f + j);
  for (int j = 0; j < 8; ++j) EXPECT_EQ(r.F("out", static_cast<size_t>(16 + j)), 116.0f + j);
  ExpectRow(r, 2, {});
  EXPECT_TRUE(r.Poison("out", 48));
  for (int j = 1; j < 16; ++j) EXPECT_EQ(r.F("out", static_cast<size_t>(48 + j)), -1.0f) << j;
}

// ---------------------------------------------------------------------------------------------
// tile.sel: the same bit mask; set picks lhs, clear picks rhs.

const char* kSel = R"(
@pl.function(type=pl.FunctionType.InCore)
def k(m: pl.Tensor[[4, @MC@], pl.UINT8], a: pl.Tensor[[4, 16], pl.@LDT@],
      b: pl.Tensor[[@RR@, 16], pl.FP32], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
    mt = pl.load(m, [0, 0], [4, @MC@], target_memory=pl.Mem.Vec)
    at = pl.load(a, [0, 0], [4, 16], [@VR@, 16], target_memory=pl.Mem.Vec)
    bt = pl.load(b, [0, 0], [@RR@, 16], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([4, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.tile.sel(mt, at, bt, tmp)
    return pl.store(y, [0, 0], out)
)";

std::string Sel(int mask_cols, const char* ldt = "FP32", int rhs_rows = 4, int vr = 4) {
  return Fill(kSel, {{"@MC@", std::to_string(mask_cols)},
                     {"@LDT@", ldt},
                     {"@RR@", std::to_string(rhs_rows)},
                     {"@VR@", std::to_string(vr)}});
}

TEST(SimSelMask, SameBitOrderAsSels) {
  KernelRun r(Sel(2));
  r.In("m", DataType::UINT8, {4, 2}, {0x01, 0x80, 0xA5, 0x0F, 0xFF, 0xFF, 0x00, kPoison});
  r.In("a", DataType::FP32, {4, 16}, Iota(100, 64));
  r.In("b", DataType::FP32, {4, 16}, Iota(-64, 64));
  r.Out("out", DataType::FP32, {4, 16});
  r.Go();
  auto expect_row = [&](int row, const std::vector<int>& set) {
    for (int j = 0; j < 16; ++j) {
      const size_t i = static_cast<size_t>(row * 16 + j);
      const bool picked = std::find(set.begin(), set.end(), j) != set.end();
      EXPECT_EQ(r.F("out", i), picked ? 100.0f + i : -64.0f + i) << row << ", " << j;
    }
  };
  expect_row(0, {0, 15});
  expect_row(1, {0, 2, 5, 7, 8, 9, 10, 11});
  expect_row(2, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  for (int j = 0; j < 8; ++j) EXPECT_EQ(r.F("out", static_cast<size_t>(48 + j)), -16.0f + j);
  for (int j = 8; j < 16; ++j) EXPECT_TRUE(r.Poison("out", static_cast<size_t>(48 + j))) << j;
}

// The result is Promote(FP16, FP32) = FP32 over BroadcastShapes([4, 16], [1, 16]); valid rows
// come from lhs (3 of 4), so row 3 is undefined whatever the mask says.
TEST(SimSelMask, BroadcastPromotionAndValid) {
  KernelRun r(Sel(2, "FP16", /*rhs_rows=*/1, /*vr=*/3));
  r.In("m", DataType::UINT8, {4, 2}, {0x03, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0xFF});
  std::vector<double> a(64);
  for (size_t i = 0; i < 64; ++i) a[i] = 0.5 + static_cast<double>(i);  // exact in FP16
  r.In("a", DataType::FP16, {4, 16}, a);
  r.In("b", DataType::FP32, {1, 16}, Iota(1000, 16));
  r.Out("out", DataType::FP32, {4, 16});
  r.Go();
  EXPECT_EQ(r.F("out", 0), 0.5f);
  EXPECT_EQ(r.F("out", 1), 1.5f);
  EXPECT_EQ(r.F("out", 2), 1002.0f);  // rhs row 0, broadcast
  EXPECT_EQ(r.F("out", 16 + 3), 1003.0f);
  EXPECT_EQ(r.F("out", 16 + 15), 31.5f);
  EXPECT_EQ(r.F("out", 32 + 9), 41.5f);
  for (size_t i = 48; i < 64; ++i) EXPECT_TRUE(r.Poison("out", i)) << i;
}

// sel's deducer checks only that the mask is a tile, so a mask without a bit for some valid
// element is a located fault at run time.
TEST(SimSelMask, TooSmallMaskIsAFault) {
  KernelRun r(Sel(1));
  r.In("m", DataType::UINT8, {4, 1}, {1, 2, 3, 4});
  r.In("a", DataType::FP32, {4, 16}, Iota(0, 64));
  r.In("b", DataType::FP32, {4, 16}, Iota(0, 64));
  r.Out("out", DataType::FP32, {4, 16});
  r.ExpectFault("the mask (4 rows of 8 bits) has no bit for row 0, column 8");
}

// ---------------------------------------------------------------------------------------------
// tile.reinterpret_view

// x: [@R@, @C@] of @SDT@, valid [@VR@, @VC@], reinterpreted as @DDT@ (with an explicit shape
// when @SHAPEARG@ is one) into out.
const char* kReinterpret = R"(
@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[@R@, @C@], pl.@SDT@], out: pl.Out[pl.Tensor[@OSHAPE@, pl.@DDT@]]):
    t = pl.load(x, [0, 0], [@R@, @C@], [@VR@, @VC@], target_memory=pl.Mem.Vec)
    v = pl.tile.reinterpret_view(t@SHAPEARG@, dtype=pl.@DDT@)
    return pl.store(v, [0, 0], out)
)";

std::string Reinterpret(const char* sdt, const char* ddt, std::vector<int64_t> in,
                        std::vector<int64_t> out, std::vector<int64_t> valid = {},
                        bool explicit_shape = false) {
  if (valid.empty()) valid = in;
  auto list = [](const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
  };
  return Fill(kReinterpret, {{"@SDT@", sdt},
                             {"@DDT@", ddt},
                             {"@OSHAPE@", list(out)},
                             {"@SHAPEARG@", explicit_shape ? ", " + list(out) : ""},
                             {"@VR@", std::to_string(valid[0])},
                             {"@VC@", std::to_string(valid[1])},
                             {"@R@", std::to_string(in[0])},
                             {"@C@", std::to_string(in[1])}});
}

// 1.0f = 0x3F800000, -2.0f = 0xC0000000, -0.0f = 0x80000000, and back.
TEST(SimReinterpret, Fp32ToInt32AndBack) {
  {
    KernelRun r(Reinterpret("FP32", "INT32", {1, 4}, {1, 4}));
    r.In("x", DataType::FP32, {1, 4}, {1.0, -2.0, -0.0, 0.5});
    r.Out("out", DataType::INT32, {1, 4});
    r.Go();
    EXPECT_EQ(r.I("out", 0), 0x3F800000);
    EXPECT_EQ(r.I("out", 1), -0x40000000);  // 0xC0000000 as a signed 32-bit integer
    EXPECT_EQ(r.I("out", 2), std::numeric_limits<int32_t>::min());
    EXPECT_EQ(r.I("out", 3), 0x3F000000);
  }
  {
    KernelRun r(Reinterpret("INT32", "FP32", {1, 4}, {1, 4}));
    r.In("x", DataType::INT32, {1, 4}, {0x3F800000, 0x7F800000, 1, 0x7FBADBAD});
    r.Out("out", DataType::FP32, {1, 4});
    r.Go();
    EXPECT_EQ(r.F("out", 0), 1.0f);
    EXPECT_EQ(r.F("out", 1), std::numeric_limits<float>::infinity());
    EXPECT_EQ(r.F("out", 2), std::ldexp(1.0f, -149));  // the smallest subnormal
    // Bits that spell the simulator's poison NaN are an ordinary NaN here.
    EXPECT_TRUE(std::isnan(r.F("out", 3)));
    EXPECT_FALSE(r.Poison("out", 3));
  }
  {  // Same width, unsigned: the pattern of -1.5f = 0xBFC00000.
    KernelRun r(Reinterpret("FP32", "UINT32", {1, 1}, {1, 1}));
    r.In("x", DataType::FP32, {1, 1}, {-1.5});
    r.Out("out", DataType::UINT32, {1, 1});
    r.Go();
    EXPECT_EQ(r.I("out", 0), 0xBFC00000LL);
  }
}

// Without a shape the last axis scales by bits(old) / bits(new).
TEST(SimReinterpret, WidthChangingWithoutShape) {
  {  // FP16 1.0 = 0x3C00 -> bytes 0x00, 0x3C; -2.0 = 0xC000 -> 0x00, 0xC0 (-64).
    KernelRun r(Reinterpret("FP16", "INT8", {2, 2}, {2, 4}));
    r.In("x", DataType::FP16, {2, 2}, {1.0, -2.0, 65504.0, 0.0});
    r.Out("out", DataType::INT8, {2, 4});
    r.Go();
    const int64_t want[] = {0x00, 0x3C, 0x00, -64, -1 /* 0x7BFF: 0xFF */, 0x7B, 0, 0};
    for (size_t i = 0; i < 8; ++i) EXPECT_EQ(r.I("out", i), want[i]) << i;
  }
  {  // INT8 bytes 1, 2, 3, 4 form the INT32 0x04030201; 0xFF x4 is -1.
    KernelRun r(Reinterpret("INT8", "INT32", {2, 8}, {2, 2}));
    r.In("x", DataType::INT8, {2, 8}, {1, 2, 3, 4, -1, -1, -1, -1, 0, 0, 0, -128, 5, 0, 0, 0});
    r.Out("out", DataType::INT32, {2, 2});
    r.Go();
    EXPECT_EQ(r.I("out", 0), 0x04030201);
    EXPECT_EQ(r.I("out", 1), -1);
    EXPECT_EQ(r.I("out", 2), std::numeric_limits<int32_t>::min());  // 0x80000000
    EXPECT_EQ(r.I("out", 3), 5);
  }
  {  // FP32 -> BF16: the low half then the high half; 1.0f is 0x0000, 0x3F80 (BF16 1.0).
    KernelRun r(Reinterpret("FP32", "BF16", {1, 2}, {1, 4}));
    r.InBits("x", {1, 2}, {0x3F800000, 0x40490FDB /* pi */});
    r.Out("out", DataType::BF16, {1, 4});
    r.Go();
    EXPECT_EQ(r.F("out", 0), 0.0f);
    EXPECT_EQ(r.F("out", 1), 1.0f);
    EXPECT_EQ(Bits(r.F("out", 2)), 0x0FDB0000u);
    EXPECT_EQ(Bits(r.F("out", 3)), 0x40490000u);  // 3.140625
  }
}

// With a shape the byte string is laid into it in row-major order.
TEST(SimReinterpret, ExplicitShape) {
  {  // FP32 [2, 4] -> INT16 [4, 4] (not the scaled [2, 8]): output k is half k of the string.
    KernelRun r(Reinterpret("FP32", "INT16", {2, 4}, {4, 4}, {}, /*explicit_shape=*/true));
    r.In("x", DataType::FP32, {2, 4}, {1.0, -2.0, 0, 0, 0.5, 0, 0, 3.0});
    r.Out("out", DataType::INT16, {4, 4});
    r.Go();
    const int64_t want[16] = {0, 0x3F80, 0, -0x4000 /* 0xC000 */, 0, 0, 0, 0, 0, 0x3F00, 0, 0, 0, 0,
                              0, 0x4040};
    for (size_t i = 0; i < 16; ++i) EXPECT_EQ(r.I("out", i), want[i]) << i;
  }
  {  // INT8 [4, 4] -> INT32 [2, 2]: four bytes per element, rows of the input run together.
    KernelRun r(Reinterpret("INT8", "INT32", {4, 4}, {2, 2}, {}, /*explicit_shape=*/true));
    r.In("x", DataType::INT8, {4, 4}, Iota(1, 16));
    r.Out("out", DataType::INT32, {2, 2});
    r.Go();
    EXPECT_EQ(r.I("out", 0), 0x04030201);
    EXPECT_EQ(r.I("out", 1), 0x08070605);
    EXPECT_EQ(r.I("out", 2), 0x0C0B0A09);
    EXPECT_EQ(r.I("out", 3), 0x100F0E0D);
  }
}

// Valid extents follow the deduced type (scaled on the last axis); poison reaches every element
// made from its bytes.
TEST(SimReinterpret, ValidExtentAndPoison) {
  {  // FP32 [4, 4] valid [3, 2] -> INT8 [4, 16] valid [3, 8].
    KernelRun r(Reinterpret("FP32", "INT8", {4, 4}, {4, 16}, {3, 2}));
    std::vector<double> x(16, 1.0);  // 0x3F800000: bytes 0, 0, 0x80 (-128), 0x3F
    x[4 + 1] = kPoison;              // row 1, column 1 -> bytes 4..7 of row 1
    r.In("x", DataType::FP32, {4, 4}, x);
    r.Out("out", DataType::INT8, {4, 16});
    r.Go();
    for (int row = 0; row < 4; ++row)
      for (int j = 0; j < 16; ++j) {
        const size_t i = static_cast<size_t>(row * 16 + j);
        if (row == 3 || j >= 8 || (row == 1 && j >= 4)) {
          EXPECT_TRUE(r.Poison("out", i)) << row << ", " << j;
        } else {
          const int64_t want[4] = {0, 0, -128, 0x3F};
          EXPECT_EQ(r.I("out", i), want[j % 4]) << row << ", " << j;
        }
      }
  }
  {  // INT8 -> FP32: one poison byte poisons the whole FP32 element.
    KernelRun r(Reinterpret("INT8", "FP32", {1, 8}, {1, 2}));
    r.In("x", DataType::INT8, {1, 8}, {0, 0, -128, 0x3F, 0, 0, kPoison, 0});
    r.Out("out", DataType::FP32, {1, 2});
    r.Go();
    EXPECT_EQ(r.F("out", 0), 1.0f);
    EXPECT_TRUE(r.Poison("out", 1));
  }
}

// A col_major tile's contiguous axis is the first: its bytes run down the columns, so FP32
// [2, 2] becomes INT16 [4, 2] with element (2r, c) the low half of (r, c), (2r + 1, c) the high.
TEST(SimReinterpret, ColumnMajorScalesTheFirstAxis) {
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[2, 2], pl.FP32], out: pl.Out[pl.Tensor[[4, 2], pl.INT16]]):
    t = pl.load(x, [0, 0], [2, 2], target_memory=pl.Mem.Vec)
    c = pl.tile.move(t, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major)
    v = pl.tile.reinterpret_view(c, dtype=pl.INT16)
    return pl.store(v, [0, 0], out)
)");
  r.In("x", DataType::FP32, {2, 2}, {1.0, -2.0, 0.5, 3.0});
  r.Out("out", DataType::INT16, {4, 2});
  r.Go();
  // Row-major out: (0,0) (0,1) (1,0) (1,1) (2,0) (2,1) (3,0) (3,1).
  const int64_t want[8] = {0, 0, 0x3F80, -0x4000, 0, 0, 0x3F00, 0x4040};
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(r.I("out", i), want[i]) << i;
}

}  // namespace
}  // namespace tilesplit::sim
