// convert-tensor-to-tile-ops: the tile form of a whole-row scatter (tensor.scatter_update,
// TileForm::Kind::RowScatter). Row index[i, j] of the input takes row i * s + j of src; the vector
// unit writes elements at flat indices (TSCATTER), so the conversion builds, for every src element
// (r, k), the flat index row(r) * d + k, in the index dtype the scatter takes for the data's width,
// and scatters src into the input tile with it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

// Binds a value to a new variable named `name` (a statement before the call) and returns it.
using BindFn = std::function<ir::VarPtr(const std::string& name, ir::ExprPtr value)>;

// `c` is the tensor op, `args` its converted operands (input, dim, index, src), `name` the
// result's name (the stem of the statements made); `kernel` names the InCore function.
ir::ExprPtr RowScatter(const ir::Call& c, const ops::TileForm& form,
                       const std::vector<ir::ExprPtr>& args, const std::string& name,
                       const BindFn& bind, const std::string& kernel);

}  // namespace tilesplit::pass::to_tile
