// Core affinity (ops.md 4): which side of the core group a call, a statement list or a function
// runs on. The same decision drives LowerAutoVectorSplit's affinity gate and ExpandMixedKernel.
#pragma once

#include <optional>
#include <string>
#include <unordered_set>

#include "tilesplit/ir/function.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::analysis {

using ops::CoreAffinity;

// SHARED is the identity; equal values stay; anything else mixes.
CoreAffinity CombineAffinity(CoreAffinity a, CoreAffinity b);

// The memory space of the first argument that is a variable or a tuple projection of tile type.
// Outer optional: whether such an argument exists; inner: its space, which may be unresolved.
std::optional<std::optional<ir::MemorySpace>> GetFirstTileArgMemory(const ir::Call& call);

enum class MoveDirection : uint8_t { NONE, CUBE_TO_VECTOR, VECTOR_TO_CUBE };
MoveDirection ClassifyMoveDirection(const ir::Call& call);

// An op with a declared affinity states its lane; region placement leaves it alone.
bool IsLaneStated(const ops::OpDef& op);

// The first-match rules of ops.md 4.4.
CoreAffinity ClassifyIntrinsicCallAffinity(const ir::Call& call);

// Which rule of ops.md 4.4 decides the op's calls, in words (for the generated operator table).
std::string DescribeIntrinsicAffinity(const ops::OpDef& op);

// Calls placed on the vector side by an enclosing region (pass-local; empty during
// LowerAutoVectorSplit).
using PlacedCalls = std::unordered_set<const ir::Call*>;
// The side a call runs on, with the calls nested as its operands: evaluating pl.store(pl.exp(v),
// ...) runs the exp too, so the statement is VECTOR work even though ops.md 4.4 alone (which
// skips nested calls) would call the store SHARED and run it on both sides (docs/spec-coverage.md).
CoreAffinity ClassifyCallAffinity(const ir::Call& call, const PlacedCalls* placed = nullptr);

// Whether a call nested in `call`'s operands puts cube and vector work (or a crossing) into one
// statement that no single side can run: the call's own work and its nested calls' disagree.
bool NestsCrossCoreWork(const ir::Call& call, const PlacedCalls* placed = nullptr);

// Rolled-up affinity of a statement tree (ops.md 4.7): descends into loops, ifs, scopes and
// regions; only the top-level call of an assignment or expression statement counts.
CoreAffinity RollupAffinity(const ir::StmtPtr& stmt, const PlacedCalls* placed = nullptr);
CoreAffinity RollupAffinity(const ir::Function& f);
inline bool IsMixed(const ir::Function& f) {
  return RollupAffinity(f) == CoreAffinity::MIXED;
}

// The call at the top of an assignment or expression statement, if any.
const ir::Call* TopLevelCall(const ir::Stmt& s);

}  // namespace tilesplit::analysis
