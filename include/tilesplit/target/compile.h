// The compile driver: a whole program as PyPTO's runtime takes it (pypto.runtime.run, a @pl.jit
// call, `tilesplit run`/`check` of a file) to the split program its entry runs as: the entry
// chosen, the platform checked, the default pipeline run, the writes the source makes kept, and
// the result decoded into a SplitProgram. The simulator runs what this returns; a backend would
// start from the same value.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::target {

// The platforms that mean the simulator ("a2a3sim", "a5sim"), in the order messages list them.
const std::vector<std::string>& SimulatorPlatforms();
// A UserError located at `at` unless `platform` is a simulator platform: a hardware platform
// ("a2a3", "a5", ...) or an unknown name is refused with the simulator platforms named.
void CheckPlatform(const std::string& platform, ir::Span at);

// The function a whole-program run starts at: the only function, else the one named "main",
// else the only Orchestration function, else the only Opaque one. A UserError naming the
// candidates when none of these picks one.
const ir::Function& EntryFunction(const ir::Program& p);

// The first tensor op (other than tensor.dim / tensor.create) in a kernel -- an InCore, AIC, AIV
// or Group function -- of `p`, and that kernel; null when every kernel computes on tiles. After
// the default pipeline such an op has no tile form: the pipeline lacks the pass that gives it one.
const ir::Call* FindTensorOpInKernels(const ir::Program& p, const ir::Function** kernel = nullptr);

struct CompileOptions {
  std::string platform = "a2a3sim";
  bool lower = true;  // run the default pipeline (false: the program is already lowered)
};

// What a program compiles to. `source` is the program as given, except that an Inline entry (a
// @pl.jit.inline function called directly) is made Opaque so that inlining keeps it.
struct Compiled {
  ir::ProgramPtr source;
  std::string entry;
  ir::ProgramPtr lowered;
  std::shared_ptr<const SplitProgram> split;  // decoded from `lowered`
};

// Compiles `program` for `options.platform`. UserErrors, located in the program: no single
// entry, a platform that is not the simulator, a write of an Out or InOut tensor the lowering
// lost (analysis::RequireWritesKept), a kernel still computing on tensors, a split program that
// is not runnable (SplitProgram).
Compiled Compile(const ir::ProgramPtr& program, const CompileOptions& options = {});

}  // namespace tilesplit::target
