// The built-in passes that other code names directly, and the pipelines they make up. Every pass
// registers itself (TILESPLIT_REGISTER_PASS in its own file) and is reached by name through the
// pass framework (pass/pass.h); these are the few that the simulator, the CLI and the tests build
// or call without a name lookup.
#pragma once

#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {

// The split of a tile-level program: outlining, the vector split and the expansion.
inline constexpr const char* kCheckPipeline = "check-pipeline";
// The pipeline `tilesplit check`, `run --split`, pypto.runtime.run and @pl.jit lower a program
// with: PyPTO's passes before the split, then kCheckPipeline's (src/transforms/pipelines.cpp).
inline constexpr const char* kDefaultPipeline = "default-pipeline";

// What lower-auto-vector-split may split beyond the spec's refusals (docs/spec-coverage.md,
// "Divergences: split extensions"). On by default; off restores the spec's refusals exactly (the
// pypto compatibility package's default, and `--split-extensions=off` on the command line). Given
// to the pass when it is built, or for a whole run as the run's option
// (`PassContext::SetOption(SplitOptions{...})`), which wins.
struct SplitOptions {
  bool extensions = true;
};

// Built-in passes (each defined in its own file under src/transforms/).
Pass ConvertToSSA();
Pass LowerAutoVectorSplit();  // with the default SplitOptions (the registered factory)
Pass LowerAutoVectorSplit(const SplitOptions& options);

}  // namespace tilesplit::pass
