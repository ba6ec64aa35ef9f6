// Tensor values for the tensor-level semantics, shared by the section files that define them
// (semantics_tensor.cpp, semantics_elementwise_ext.cpp, semantics_fill.cpp): a tensor-level op is
// its tile op run on the tensor's elements viewed as one fully valid tile.
#pragma once

#include <vector>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

// The result tensor's dtype, from the call's deduced type.
ir::DataType ResultDType(const OpCall& c);
// A new tensor, charged to the run's memory budget like a tile result.
TensorPtr NewTensor(OpCall& c, ir::DataType dt, const std::vector<int64_t>& shape, bool poison);
// The tensor's elements as a fully valid Vec tile.
TilePtr AsTile(const sim::TensorValue& t);
// Runs tile op `tile_op` on the operands (tensors viewed as tiles) with a fully valid result of
// `shape` in the call's result dtype, and returns its elements as a tensor.
Value ViaTile(OpCall& c, OpHandle tile_op, const std::vector<int64_t>& shape,
              std::vector<Value> args);

}  // namespace tilesplit::ops
