// Which tensor parameters a function writes, through the functions it calls: a store into it, an
// assemble or a write into it at tensor level, in a view of it or a loop value carried from it.
// The pipelines that run a whole program compare the program as written with what they made of
// it: a parameter the source writes and the lowered program never writes is a lost result, the
// worst thing a compiler can do silently (docs/reliability.md, "Never silent").
#pragma once

#include <map>
#include <string>

#include "tilesplit/ir/function.h"

namespace tilesplit::analysis {

// Per tensor parameter index of `f` (a function of `p`): the first statement that may write it,
// in `f` or in a function it calls (the span of the write itself, in the callee). Static and
// conservative in the "may" direction: a write in a branch or a loop counts.
std::map<size_t, ir::Span> ParamWrites(const ir::Program& p, const ir::Function& f);

// A located UserError at the source's write of the first tensor parameter of `entry` that
// `source` writes and `lowered` (the same program after a pipeline) never writes.
void RequireWritesKept(const ir::Program& source, const ir::Program& lowered,
                       const std::string& entry);

}  // namespace tilesplit::analysis
