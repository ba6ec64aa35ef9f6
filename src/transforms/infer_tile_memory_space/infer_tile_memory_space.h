// Internals of infer-tile-memory-space shared by its two files: the memory inference
// (infer_tile_memory_space.cpp) and the loop-invariant Mat residency (residency.cpp).
#pragma once

#include "tilesplit/ir/function.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::itms {

const ops::OpDef* OpOf(const ir::Call& c);
const ir::Call* CallOf(const ir::ExprPtr& e);
const ir::Var* VarOf(const ir::ExprPtr& e);
bool IsTileVar(const ir::Var& v);
// InCore, AIC and AIV functions: the kernels whose tiles the pass places.
bool IsKernel(const ir::Function& f);
// A producer whose result space is an optional kwarg without a default (a load, an allocation).
bool IsRetargetable(const ops::OpDef& op);

// The private provenance the tensor-to-tile conversion puts on each GM -> Mat bridge load it
// generates (a call attr). Only such loads are residency candidates; the pass strips it.
inline constexpr const char* kBridgeMarker = "__compiler_tensor_to_tile_mat_bridge";
bool HasBridgeMarker(const ir::Call& c);
// `f` with the marker removed from every call.
ir::FunctionPtr StripBridgeMarker(const ir::FunctionPtr& f);

// Phases 0-3 on one kernel.
ir::FunctionPtr InferFunction(const ir::FunctionPtr& f);
// Phase 4 on the whole program (it needs the call sites): hoists the proven loop-invariant Mat
// bridge loads and strips the private bridge marker.
ir::ProgramPtr LoopInvariantMatResidency(const ir::ProgramPtr& p);

}  // namespace tilesplit::pass::itms
