// convert-tensor-to-tile-ops: the small builders every part of the conversion shares (the calls
// it makes are deduced with the memory contract deferred to infer-tile-memory-space).
#pragma once

#include <string>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

const ir::TensorType* TensorTypeOf(const ir::ExprPtr& e);
const ir::Call* AsOpCall(const ir::ExprPtr& e);

// `(0, 0, ...)` of `rank` index zeros, and a tuple of the given elements.
ir::ExprPtr Zeros(size_t rank);
ir::ExprPtr TupleOf(const std::vector<ir::ExprPtr>& elems);

// An operator call built through the registry, its memory contract deferred.
ir::ExprPtr Build(const std::string& op, std::vector<ir::ExprPtr> args, ir::AttrMap kwargs,
                  ir::Span span);
ir::ExprPtr Build(const ops::OpDef& op, std::vector<ir::ExprPtr> args, ir::AttrMap kwargs,
                  ir::Span span);

// The whole of a GM tensor loaded into a tile.
ir::ExprPtr WholeLoad(const ir::ExprPtr& tensor, ir::AttrMap kwargs, ir::Span span);

// `load` carrying the private provenance a Mat load made by the conversion has for
// InferTileMemorySpace: the operand was loaded to Mat as a matmul operand (a bridge), not by the
// author.
ir::ExprPtr WithMatBridge(const ir::ExprPtr& load);

}  // namespace tilesplit::pass::to_tile
