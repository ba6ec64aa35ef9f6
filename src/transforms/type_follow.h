// Types that follow a changed value through the statements after it, as the parser types them
// when it reads the printed program: a call over an operand of a new type is deduced again, a
// variable takes the type of the value rebuilt for it, a loop carry takes its initialiser's type,
// a loop's results their carries' types, and an if's results the types its then branch yields.
//
// A pass that gives a value a new type (infer-tile-memory-space moving a loop's initialiser into
// the carry's space) runs this afterwards, so that what it prints reads back as the same program.
#pragma once

#include "tilesplit/ir/function.h"

namespace tilesplit::pass {

// `f` with every type that depends on a changed one deduced again; `f` itself when every loop
// carry already has its initialiser's type (nothing to follow).
ir::FunctionPtr FollowCarryInitTypes(const ir::FunctionPtr& f);

}  // namespace tilesplit::pass
