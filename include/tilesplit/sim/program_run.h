// Running a whole program as PyPTO's runtime does (pypto.runtime.run, a @pl.jit call, `tilesplit
// run --split`): its entry function, lowered by the default pipeline, on the simulator, with the
// caller's arrays bound to the entry's parameters by position (docs/pypto-programs.md).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::sim {

// One argument of the call, in the entry's parameter order.
struct CallArgument {
  bool is_array = true;
  std::string npy;                    // an array: its .npy bytes
  std::vector<int64_t> shape;         // an array: the caller's shape
  std::optional<ir::DataType> dtype;  // an array: the caller's element type, when it has one
  int64_t value = 0;                  // an integer scalar
};

// A UserError located at the first Out tensor parameter of `entry` of which the run (`bound`, the
// arguments after it) stored no element: pypto.runtime.run and `tilesplit run` on a whole
// program refuse a result the program never produced rather than hand back the caller's data.
void RequireOutputsWritten(const ir::Function& entry, const std::map<std::string, Value>& bound);

struct ProgramRunOptions {
  std::string platform = "a2a3sim";
  bool lower = true;   // run the default pipeline first (false: run the program as given)
  bool check = false;  // also check the lowered program against the program as given
  RunLimits limits;
};

struct ProgramRunResult {
  std::string entry;
  ir::ProgramPtr lowered;                             // what ran
  std::shared_ptr<const target::SplitProgram> split;  // `lowered` decoded (target::Compile)
  // The Out/InOut tensor parameters after the run, by parameter index.
  std::vector<std::pair<size_t, TensorPtr>> outputs;
  std::optional<CheckResult> check;  // with ProgramRunOptions::check
  TransferCounts transfers;          // what the split program pushed between the cores
};

// Compiles the program (target::Compile: entry, platform, default pipeline), binds `args` to the
// entry's parameters by position (their number, each array's rank, static extents and element type
// must match the parameter's declared type: else a UserError at the parameter), runs the entry and
// returns its Out/InOut tensors. A deadlock or fault of the split program, and an Out parameter no
// element of which was written, are UserErrors located in the program.
ProgramRunResult RunProgram(const ir::ProgramPtr& program, const std::vector<CallArgument>& args,
                            const ProgramRunOptions& options = {});

}  // namespace tilesplit::sim
