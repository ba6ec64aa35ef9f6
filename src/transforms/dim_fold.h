// The dimension reads of an orchestration function, folded onto the symbols they read.
#pragma once

#include "tilesplit/ir/function.h"

namespace tilesplit::pass {

// `f` with each `v = tensor.dim(t, k)` whose axis k of `t` is a dynamic dimension (a
// pl.dynamic symbol) removed, and v read as that symbol: the read can only give the symbol's
// value. outline-incore-scopes does this to a function it outlines from, as PyPTO's promotion
// does, so that an outlined kernel that reads the extent reads the symbol its tensors carry.
ir::FunctionPtr FoldDimReads(const ir::FunctionPtr& f);

}  // namespace tilesplit::pass
