// SSA conversion: a rebinding, inside a loop or branch body, of a variable defined outside it
// (which the parser writes as a second definition of the same Var) becomes a loop carry or a
// branch merge, so that afterwards every Var is defined exactly once (dsl.md 8.1).
#pragma once

#include "tilesplit/ir/function.h"

namespace tilesplit::ir {

// Returns `p` itself when it is already in SSA form.
ProgramPtr ConvertProgramToSSA(const ProgramPtr& p);

}  // namespace tilesplit::ir
