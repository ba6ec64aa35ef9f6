// convert-tensor-to-tile-ops: the check that a kernel writes each GM tensor by one store path.
// A GM tensor written both with a tile store (MTE3, the DMA) and with a scalar write
// (tensor.write, through the scalar unit's data cache) has no defined result: nothing keeps the
// two paths coherent or orders their writes, whatever order the program gives them (the
// simulator runs statements in order, so `check` would not see it).
#pragma once

#include <functional>
#include <string>

#include "tilesplit/ir/stmt.h"

namespace tilesplit::pass::to_tile {

// The parameter a GM value is (through views, store results, loop carries), or null.
using RootOf = std::function<const ir::Var*(const ir::ExprPtr&)>;

// Refuses, located at the scalar write with a note at the store, a parameter of kernel `kernel`
// that the converted `body` writes both ways, wherever in the body the two are (in exclusive
// branches too: a line the cache holds can be written back over the DMA's data after it).
void RequireOneStorePath(const std::string& kernel, const ir::StmtPtr& body, const RootOf& root);

}  // namespace tilesplit::pass::to_tile
