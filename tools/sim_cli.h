// Pieces shared by the simulator subcommands (run, check).
#pragma once

#include <string>

#include "cli.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::cli {

// `check`: the split program differs from the reference or deadlocks; `run`: the split program
// deadlocked or faulted.
inline constexpr int kExitDiffer = 4;

// --seed, --inputs and --scalar NAME=V.
sim::InputOptions SimInputOptions(const std::string& command, const ParsedArgs& a);
// The kernel to execute: `wanted` if given (must exist), else the only InCore function (or, with
// !incore_only, the only function) of `p`.
std::string PickKernel(const std::string& command, const ir::Program& p, const std::string& wanted,
                       bool incore_only);

int RunRun(const std::vector<std::string>& args);
void HelpRun(std::ostream& out);
int RunCheck(const std::vector<std::string>& args);
void HelpCheck(std::ostream& out);

}  // namespace tilesplit::cli
