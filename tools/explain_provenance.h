// What each tensor-level op of a program became (explain.h: TensorOpFacts): the statements of the
// lowered program that carry its source span, and what the split did with each. Nothing here
// decides anything; it reads the spans the passes keep and the facts explain_facts.cpp read.
#pragma once

#include <vector>

#include "explain.h"
#include "tilesplit/ir/function.h"

namespace tilesplit::cli::explain {

// Fills `tensor_ops` of each function of `fns` from `lowered` (after lower-auto-vector-split),
// for the tensor ops of `source` (the program as parsed). `expanded` (after
// expand-mixed-kernel; null when it did not run) says on which core each statement runs. Call it
// once the functions' values, crossings and stores are read.
void ReadTensorOps(const ir::Program& source, const ir::Program& lowered,
                   const ir::Program* expanded, std::vector<FunctionFacts>& fns);

}  // namespace tilesplit::cli::explain
