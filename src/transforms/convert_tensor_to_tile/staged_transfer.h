// convert-tensor-to-tile-ops: a bulk transfer between ranks (pld.tensor.put / get,
// TileForm::Kind::Transfer) becomes its tile op with the Vec staging tile(s) the data passes
// through, created before it and sized by ops::PlanStage (ops/transfer.h).
#pragma once

#include <string>
#include <vector>

#include "flat_index.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

// `c` is the tensor op, `args` its converted operands (dst, peer, src[, dst_offsets,
// src_offsets, shape]); `kernel` names the InCore function. A dst or src the kernel made a tile
// is refused: the transfer moves GM to GM (a computed value is pushed with remote_store).
ir::ExprPtr StagedTransfer(const ir::Call& c, const ops::TileForm& form,
                           const std::vector<ir::ExprPtr>& args, const BindFn& bind,
                           const std::string& kernel);

}  // namespace tilesplit::pass::to_tile
