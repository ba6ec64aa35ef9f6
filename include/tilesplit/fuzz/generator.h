// Random valid mixed kernels as DSL text (docs/reliability.md). Text rather than IR keeps every
// failing case a file the CLI reads as it is, so a reproducer needs no extra tooling.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilesplit::fuzz {

// Which split forms the generator may choose.
enum class ModeFilter { All, UpDown, LeftRight, Regions };

// Parses "up_down", "left_right", "regions" or "all"; false on anything else.
bool ParseModeFilter(const std::string& text, ModeFilter* out);

struct GeneratedKernel {
  std::string text;                        // a whole DSL file
  std::map<std::string, int64_t> scalars;  // integer scalars pinned for `check --scalar`
  std::vector<std::string> features;       // what the generator put in, for the summary
};

// The kernel for (seed, index) under `filter`; the same arguments always give the same text.
GeneratedKernel GenerateKernel(uint64_t seed, uint64_t index, ModeFilter filter);

}  // namespace tilesplit::fuzz
