// Semantics sections registered by semantics_registry.cpp whose declarations stay private to the
// semantics layer (the public semantics.h would rebuild every simulator user for them).
#pragma once

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

void RegisterElementwiseExtSemantics(SemanticsTable& t);  // semantics_elementwise_ext.cpp
void RegisterFillSemantics(SemanticsTable& t);            // semantics_fill.cpp
void RegisterTensorGatherSemantics(SemanticsTable& t);    // semantics_tensor_gather.cpp
void RegisterDistributedSemantics(SemanticsTable& t);     // semantics_distributed.cpp
void RegisterMaskPatternSemantics(SemanticsTable& t);     // semantics_mask_pattern.cpp

}  // namespace tilesplit::ops
