// Generates large valid kernels for the benchmarks: a mixed cube/vector InCore function with
// UP_DOWN split whose body is `n` statements of vector work, interleaved with loops carrying an
// accumulator and ifs merging a value, so every statement kind the front end and the split pass
// handle appears in proportion.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

namespace tilesplit::bench {

inline std::string GenerateMixedKernel(int64_t n) {
  std::string s;
  s.reserve(static_cast<size_t>(n) * 48 + 1024);
  s += "import pypto.language as pl\n\n";
  s += "@pl.function(type=pl.FunctionType.InCore, attrs={\"split\": pl.SplitMode.UP_DOWN})\n";
  s += "def big(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],\n";
  s += "        flag: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):\n";
  s += "    x0 = pl.tile.move(qk, target_memory=pl.Mem.Vec)\n";
  s += "    ld = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)\n";
  int64_t emitted = 2, v = 0;
  auto cur = [&] { return "x" + std::to_string(v); };
  while (emitted < n) {
    const int64_t k = emitted % 50;
    if (k == 10 && n - emitted > 4) {
      // A loop whose body adds into a carried accumulator.
      std::string init = cur();
      ++v;
      s += "    for i" + std::to_string(v) + ", (acc" + std::to_string(v) +
           ",) in pl.range(4, init_values=(" + init + ",)):\n";
      s += "        t" + std::to_string(v) + " = pl.add(acc" + std::to_string(v) + ", ld)\n";
      s += "        " + cur() + " = pl.yield_(t" + std::to_string(v) + ")\n";
      emitted += 3;
    } else if (k == 30 && n - emitted > 6) {
      std::string in = cur();
      ++v;
      s += "    if flag > " + std::to_string(v % 7) + ":\n";
      s += "        p" + std::to_string(v) + " = pl.exp(" + in + ")\n";
      s += "        " + cur() + " = pl.yield_(p" + std::to_string(v) + ")\n";
      s += "    else:\n";
      s += "        q" + std::to_string(v) + " = pl.neg(" + in + ")\n";
      s += "        " + cur() + " = pl.yield_(q" + std::to_string(v) + ")\n";
      emitted += 5;
    } else {
      std::string in = cur();
      ++v;
      switch (k % 4) {
        case 0:
          s += "    " + cur() + " = pl.add(" + in + ", ld)\n";
          break;
        case 1:
          s += "    " + cur() + " = pl.mul(" + in + ", " + in + ")\n";
          break;
        case 2:
          s += "    " + cur() + " = pl.exp(" + in + ")\n";
          break;
        default:
          s += "    " + cur() + " = pl.adds(" + in + ", 1.0)\n";
          break;
      }
      emitted += 1;
    }
  }
  s += "    return pl.store(" + cur() + ", [0, 0], out_0)\n";
  return s;
}

// A hand-split InCore function of `regions` pl.split_aiv regions alternating UP_DOWN and
// LEFT_RIGHT, each a full-width load / exp / store of its own 16 output rows that the region path
// halves (about 4 statements a region, counting the lane binding). Every tenth region is empty
// (dropped by the pass) and every tenth from the fifth leaves its lane unnamed (`for _`, so the
// pass names one).
inline std::string GenerateRegionKernel(int64_t regions) {
  std::string s;
  s.reserve(static_cast<size_t>(regions) * 400 + 512);
  s += "import pypto.language as pl\n\n";
  s += "@pl.function(type=pl.FunctionType.InCore, attrs={\"split_aiv\": True})\n";
  const std::string rows = std::to_string(16 * std::max<int64_t>(regions, 1));
  s += "def regions(a: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[" + rows +
       ", 128], pl.FP32]]):\n";
  std::string out = "out_0";
  for (int64_t r = 0; r < regions; ++r) {
    const std::string n = std::to_string(r);
    const std::string mode = r % 2 ? "LEFT_RIGHT" : "UP_DOWN";
    if (r % 10 == 9) {
      s += "    for aiv in pl.split_aiv(2, mode=pl.SplitMode." + mode + "):\n        pass\n";
      continue;
    }
    s += std::string("    for ") + (r % 10 == 4 ? "_" : "aiv") +
         " in pl.split_aiv(2, mode=pl.SplitMode." + mode + "):\n";
    s += "        x" + n + " = pl.load(a, [0, 0], [16, 128], target_memory=pl.Mem.Vec)\n";
    s += "        y" + n + " = pl.exp(x" + n + ")\n";
    // Each region writes its own 16 rows: regions of different modes that wrote one window
    // would race across the lanes (the memory-order check rejects that, as it should).
    s += "        o" + n + " = pl.store(y" + n + ", [" + std::to_string(16 * r) + ", 0], " + out +
         ")\n";
    out = "o" + n;
  }
  s += "    return " + out + "\n";
  return s;
}

}  // namespace tilesplit::bench
