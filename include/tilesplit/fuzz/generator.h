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

// Which front end a campaign's cases are written for: tile-level kernels (GenerateKernel),
// tensor-level programs (GenerateTensorProgram), or both.
enum class Level { Tile, Tensor, All };

// Parses "tile", "tensor" or "all"; false on anything else.
bool ParseLevel(const std::string& text, Level* out);

// A random well-formed tensor-level program for (seed, index), as PyPTO users write them: a
// `main` (Opaque or Orchestration) with tensor parameters and a pl.Out, a CORE_GROUP scope with or
// without pl.split, tensor ops drawn from the registry (TensorFuzzableOps), matmuls, slices, loops
// over blocks assembling into the output; or an explicit tensor-level InCore kernel called from
// an Orchestration main. `filter` restricts the split mode (regions: none is written).
GeneratedKernel GenerateTensorProgram(uint64_t seed, uint64_t index, ModeFilter filter);

// The constructs (features other than an operator's name) each generator can draw, so that a
// campaign's count shows one it never drew as 0 (docs/reliability.md lists those never drawn).
const std::vector<std::string>& TileConstructs();
const std::vector<std::string>& TensorConstructs();

// Whether case `index` of a campaign of `seed` at `level` is a tensor-level program: every case at
// Tensor, none at Tile, one case in three at All (none when `filter` asks for explicit regions,
// which only tile-level kernels have). A pure function, like the cases themselves.
bool IsTensorCase(uint64_t seed, uint64_t index, Level level, ModeFilter filter);

}  // namespace tilesplit::fuzz
