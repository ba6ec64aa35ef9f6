// Execution semantics of TMRGSORT's single-list sort (tile.mrgsort_format1, PyPTO's
// pl.tile.mrgsort(src, block_len=N)): in each group of 4 * block_len elements of the row, the four
// sorted blocks of value-index pairs merged descending. Expected values come from an independent
// formula (a stable sort of the group's pairs by value, descending), never from a run.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "sim_kernel_run.h"

namespace tilesplit::sim {
namespace {

using ir::DataType;
using testing::Bits;
using testing::kPoison;

struct KernelRun : testing::KernelRun {
  explicit KernelRun(const std::string& body) : testing::KernelRun(body, "mrgsort_test.py") {}
};

// A kernel sorting the row `a` of COLS FP32 elements (DT) with block_len BLOCK.
std::string Sort1(int cols, int block, const char* dt = "FP32") {
  const std::string row = "[1, " + std::to_string(cols) + "]";
  return "@pl.function(type=pl.FunctionType.InCore)\n"
         "def k(a: pl.Tensor[" +
         row + ", pl." + dt + "], out: pl.Out[pl.Tensor[" + row + ", pl." + dt +
         "]]):\n"
         "    t = pl.load(a, [0, 0], " +
         row +
         ", target_memory=pl.Mem.Vec)\n"
         "    s = pl.tile.mrgsort(t, block_len=" +
         std::to_string(block) +
         ")\n"
         "    return pl.store(s, [0, 0], out)\n";
}

using Pairs = std::vector<std::pair<double, double>>;

// Block b's pair k (of 32 per 64-element block): values falling in steps of two with many ties
// across the blocks, tagged 100 * b + k + 1000 * group.
Pairs Block(int group, int b) {
  Pairs p;
  for (int k = 0; k < 32; ++k) p.push_back({(31 - k) / 2 + b % 2, 1000 * group + 100 * b + k});
  return p;
}

// The independent expectation: the group's pairs in block order, stably sorted by value.
Pairs Sorted(Pairs all) {
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  return all;
}

std::vector<double> Flat(const Pairs& p) {
  std::vector<double> v;
  for (const auto& [value, tag] : p) {
    v.push_back(value);
    v.push_back(tag);
  }
  return v;
}

TEST(OpSemanticsMrgSort1, MergesTheFourBlocksOfEachGroup) {
  Pairs in0, in1;
  for (int b = 0; b < 4; ++b) {
    const Pairs g0 = Block(0, b), g1 = Block(1, 3 - b);
    in0.insert(in0.end(), g0.begin(), g0.end());
    in1.insert(in1.end(), g1.begin(), g1.end());
  }
  Pairs in = in0;
  in.insert(in.end(), in1.begin(), in1.end());
  KernelRun r(Sort1(512, 64));
  r.In("a", DataType::FP32, {1, 512}, Flat(in));
  r.Out("out", DataType::FP32, {1, 512});
  r.Go();
  Pairs want = Sorted(in0);
  const Pairs want1 = Sorted(in1);
  want.insert(want.end(), want1.begin(), want1.end());
  for (size_t p = 0; p < want.size(); ++p) {
    EXPECT_EQ(r.F("out", 2 * p), static_cast<float>(want[p].first)) << p;
    EXPECT_EQ(r.F("out", 2 * p + 1), static_cast<float>(want[p].second)) << p;
  }
  // Spot checks of the formula: group 0 starts with the 16s of blocks 1 and 3 (value 15 + 1),
  // the earlier block first; group 1 never mixes with group 0.
  EXPECT_EQ(r.F("out", 1), 100.0f);
  EXPECT_EQ(r.F("out", 3), 101.0f);
  EXPECT_EQ(r.F("out", 5), 300.0f);
  EXPECT_GE(r.F("out", 257), 1000.0f);
}

TEST(OpSemanticsMrgSort1, UndefinedDataSpoilsOnlyItsGroup) {
  Pairs in;
  for (int g = 0; g < 2; ++g)
    for (int b = 0; b < 4; ++b) {
      const Pairs blk = Block(g, b);
      in.insert(in.end(), blk.begin(), blk.end());
    }
  std::vector<double> flat = Flat(in);
  flat[300] = kPoison;  // in group 1 (elements 256..511)
  KernelRun r(Sort1(512, 64));
  r.In("a", DataType::FP32, {1, 512}, flat);
  r.Out("out", DataType::FP32, {1, 512});
  r.Go();
  for (size_t i = 0; i < 256; ++i) EXPECT_FALSE(r.Poison("out", i)) << i;
  for (size_t i = 256; i < 512; ++i) EXPECT_TRUE(r.Poison("out", i)) << i;
}

TEST(OpSemanticsMrgSort1, SignedZerosTieAndKeepTheirBits) {
  // block_len 64 with 256 columns: one group; block 0 is all -0, block 1 all +0, so every pair
  // ties and the blocks come out in order, each zero keeping its sign.
  Pairs in;
  for (int b = 0; b < 4; ++b)
    for (int k = 0; k < 32; ++k) in.push_back({b % 2 ? 0.0 : -0.0, 100 * b + k});
  KernelRun r(Sort1(256, 64));
  r.In("a", DataType::FP32, {1, 256}, Flat(in));
  r.Out("out", DataType::FP32, {1, 256});
  r.Go();
  for (size_t p = 0; p < in.size(); ++p) {
    EXPECT_EQ(Bits(r.F("out", 2 * p)), Bits(static_cast<float>(in[p].first))) << p;
    EXPECT_EQ(r.F("out", 2 * p + 1), static_cast<float>(in[p].second)) << p;
  }
}

TEST(OpSemanticsMrgSort1, AnUnsortedBlockIsAFault) {
  Pairs in;
  for (int b = 0; b < 4; ++b) {
    const Pairs blk = Block(0, b);
    in.insert(in.end(), blk.begin(), blk.end());
  }
  std::swap(in[70], in[71]);  // block 2's pairs 6 and 7: values 12 and 12 tie, 71 / 72 do not
  std::swap(in[72], in[75]);
  KernelRun r(Sort1(256, 64));
  r.In("a", DataType::FP32, {1, 256}, Flat(in));
  r.Out("out", DataType::FP32, {1, 256});
  r.ExpectFault("block 2 of group 0 is not sorted in non-increasing order at pair");
}

TEST(OpSemanticsMrgSort1, FP16PairsAreRefusedAtRunTime) {
  KernelRun r(Sort1(256, 64, "FP16"));
  r.In("a", DataType::FP16, {1, 256}, std::vector<double>(256, 1.0));
  r.Out("out", DataType::FP16, {1, 256});
  r.ExpectFault("the FP16 pair layout");
}

}  // namespace
}  // namespace tilesplit::sim
