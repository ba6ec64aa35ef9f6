// convert-tensor-to-tile-ops: the operands of a tile op that reads both over one box (the
// vector division, TDIV: src0, src1 and dst of one physical and one valid shape; its row-broadcast
// variant reads the [M, 1] divisor's value for every valid row of the dividend). A tensor op may
// be written over operands that differ; its tile form may not, so the difference is refused at
// the tensor op, in the operands' roles, before a tile op that would read undefined elements or
// refuse in tile words is built.
#pragma once

#include <string>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

// `c` is the tensor op, `args` its converted operands, `row_broadcast` whether the form's
// row-broadcast variant is taken; `kernel` names the InCore function in the message.
void RequireOneOperandBox(const ir::Call& c, const ops::TileForm& form,
                          const std::vector<ir::ExprPtr>& args, bool row_broadcast,
                          const std::string& kernel);

}  // namespace tilesplit::pass::to_tile
