// convert-tensor-to-tile-ops: tensor.expand_clone (TileForm::Kind::BroadcastInto), the input
// broadcast along its one unit axis into the target, a GM tensor the kernel writes:
//  * the last axis: the whole input loaded, row-expanded (the form's row_broadcast op) into a
//    tile of the target's shape, stored into the target;
//  * the axis before it (rank 3): per index i of the first axis, the input's slice i loaded,
//    column-expanded (the form's op) into a tile of one slice, stored at i;
//  * the first axis: the whole input loaded and stored at each of its indices;
//  * no unit axis the target does not share: the input loaded and stored whole.
// The loops carry the target (each store's result is the next one's destination).
#pragma once

#include <string>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

// `c` is the tensor op, `input` and `target` its GM operands; the statements before the result
// are appended to `out`. Returns the written target (a store's result, or the loop's). Refused,
// located at the call: a tile input or target (the op addresses GM), two broadcast axes, a
// column broadcast of rank other than 3.
ir::ExprPtr BroadcastInto(const ir::Call& c, const ops::TileForm& form, const ir::ExprPtr& input,
                          const ir::ExprPtr& target, std::vector<ir::StmtPtr>& out,
                          const std::string& kernel);

}  // namespace tilesplit::pass::to_tile
