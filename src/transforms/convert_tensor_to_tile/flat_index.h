// convert-tensor-to-tile-ops: the tile forms that address a tile by flat element index (the
// vector unit's TGATHER / TSCATTER read and write elements of the flattened tile).
//  * A whole-row scatter (tensor.scatter_update, TileForm::Kind::RowScatter): row index[i, j] of
//    the input takes row i * s + j of src; the conversion builds, for every src element (r, k), the
//    flat index row(r) * d + k, in the index dtype the scatter takes for the data's width, and
//    scatters src into the input tile with it.
//  * A gather along the last axis (tensor.gather, TileForm::Kind::FlatGather): out[r, j] =
//    input[r, index[r, j]]; the flat index is index[r, j] + r * N (N the input's columns).
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

// An element scatter along the last axis (tensor.scatter, TileForm::Kind::FlatScatter):
// input[r, index[r, j]] = src[r, j]. The flat index is built as for the gather; src is scattered
// into a zero tile and ones into another, and the input is kept where that mask stays zero
// (tile.cmps, tile.sel): the result does not depend on whether the scatter keeps the elements it
// does not name, which the TSCATTER page leaves unsaid. `args`: (input, dim, index, src).
ir::ExprPtr FlatScatter(const ir::Call& c, const ops::TileForm& form,
                        const std::vector<ir::ExprPtr>& args, const std::string& name,
                        const BindFn& bind, const std::string& kernel);

// The form of `form.kind` (RowScatter, FlatGather or FlatScatter).
ir::ExprPtr FlatIndexForm(const ir::Call& c, const ops::TileForm& form,
                          const std::vector<ir::ExprPtr>& args, const std::string& name,
                          const BindFn& bind, const std::string& kernel);

// `args`: the converted (input, dim, index). An INT16 index (of 16-bit data) is widened for the
// arithmetic and narrowed back, each cast exact (mode 0).
ir::ExprPtr FlatGather(const ir::Call& c, const ops::TileForm& form,
                       const std::vector<ir::ExprPtr>& args, const std::string& name,
                       const BindFn& bind, const std::string& kernel);

}  // namespace tilesplit::pass::to_tile
