// Pieces shared by the simulator subcommands (run, check).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cli.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::cli {

// `check`: the split program differs from the reference or deadlocks; `run`: the split program
// deadlocked or faulted.
inline constexpr int kExitDiffer = 4;

// The options `run` and `check` share: --seed, --inputs, --scalar, --max-steps, --max-memory.
std::vector<OptionSpec> SimOptions();
// The --scalar values by name, in the order given: NAME=V gives one value, NAME=A..B every
// integer from A to B.
inline constexpr int64_t kMaxSweepPoints = 10000;
std::vector<std::pair<std::string, std::vector<int64_t>>> ScalarSweep(const std::string& command,
                                                                      const ParsedArgs& a);
// --seed, --inputs, --scalar NAME=V, --max-steps and --max-memory. A sweep (--scalar NAME=A..B)
// is rejected here; `check` expands sweeps itself (SimInputSweep).
sim::InputOptions SimInputOptions(const std::string& command, const ParsedArgs& a,
                                  bool with_scalars = true);
// Writes each tensor of `tensors` to DIR/NAME.npy, creating DIR; a failure is a UserError.
void WriteTensors(const std::string& dir, const std::map<std::string, sim::TensorPtr>& tensors);
// The kernel to execute: `wanted` if given (must exist), else the only InCore function (or, with
// !incore_only, the only function) of `p`.
std::string PickKernel(const std::string& command, const ir::Program& p, const std::string& wanted,
                       bool incore_only);

const CommandSpec* RunKernelCommand();
const CommandSpec* CheckCommand();

}  // namespace tilesplit::cli
