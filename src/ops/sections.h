// Catalogue sections registered by registry.cpp whose declarations stay private to the ops layer:
// declaring them in the public op_def.h would rebuild every user of the registry for a function
// only registry.cpp calls.
#pragma once

#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

// PyPTO's elementwise ops beyond ops.md: ternary adds, remainders, leaky / parametric ReLU,
// comparisons into a bit mask, partial arithmetic, scalar fill (elementwise_ext_ops.cpp).
void RegisterElementwiseExtOps(OpRegistry& r);
// Padding fills, triangular masks and index ranges (fill_ops.cpp).
void RegisterFillOps(OpRegistry& r);
// Tensor-level gather and scatter along the last axis (tensor_gather_ops.cpp).
void RegisterTensorGatherOps(OpRegistry& r);
void RegisterDistributedOps(OpRegistry& r);  // distributed_ops.cpp
void RegisterMaskPatternOps(OpRegistry& r);  // mask_pattern_ops.cpp

}  // namespace tilesplit::ops
