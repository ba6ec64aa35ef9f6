// The pl.split_aiv region path of LowerAutoVectorSplit (spec: "Explicit SplitAivScopeStmt region
// path"), AUTO region synthesis, region placement and the AivSplitValid checks. Every region is
// lowered on its own, with its own split mode and its own halving state.
#pragma once

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::vector_split {

// Whether `s` holds a pl.split_aiv region anywhere (also behind scopes).
bool HasSplitRegion(const ir::StmtPtr& s);

// Lowers every region of an InCore function in place (nested in for / while / if too), keeps
// the wrappers and stamps the function split_aiv. Statements outside regions stay full width.
// Rejects regions hidden behind a pl.at scope and scopes surviving inside a region.
ir::FunctionPtr LowerExplicitRegionFunction(const ir::FunctionPtr& f);

// Whether the region already carries tile.aiv_shard / tile.aic_gather (the author split it).
bool RegionBodyHasExplicitBoundary(const ir::SplitAivStmt& region);

// The acceptance table of an explicit-boundary region: every tile-producing VECTOR op must be
// per-lane already. Throws a located UserError naming the full-width operators.
void ValidateMixedExplicitRegion(const ir::SplitAivStmt& region);

// Repairs the lane-agnostic valid extents of an explicit-boundary region's shards with the
// author's lane index (a placeable static extent on the shard; a runtime or unplaceable one pops
// the full box, widened just before the region, and is applied right after the shard), guards an
// empty lane's store and hands gathers full half boxes. Returns the region, preceded by the
// widening statements when there are any. A variable the repair had to retype gets a new
// variable; `renamed` receives each such old -> new pair, so that the caller can rename the uses
// after the region (a gather's result is read on the cube side after it).
ir::StmtPtr LocalizeExplicitBoundaryValid(const ir::SplitAivStmt& region, ir::VarMap& renamed);

// Rejects a hand-written flat split_aiv kernel (no region) whose shard result type does not
// state each lane's own valid extent on the split axis: the split program gives each lane what
// the type states, the lanes hold clamp(V - L*S, 0, S) of the V valid cells.
void CheckFlatShardExtents(const ir::Function& f);

// After AUTO lowering: wraps the single straight-line vector phase of `lowered` in a region when
// that is sound, else returns it unchanged (the flat fallback).
ir::FunctionPtr SynthesizeAutoRegion(const ir::FunctionPtr& lowered);
// The per-lane repair of a synthesized region (the lane guards of stores a lane may hold no rows
// of, the per-lane extents of its crossings), as a hand-written region of that form gets it, so
// that the printed output, read back and lowered again, is the same program. Without the deep
// clone and the scope checks of LowerExplicitRegionFunction: `wrapped` is the walk's own output.
ir::FunctionPtr FinishAutoRegion(const ir::FunctionPtr& wrapped);

// The AivSplitValid checks (a)-(j) on source IR, and AivSplitLoweredValid after lowering (same
// region checks; the flat split_aiv form and an Acc or Mat shard operand are accepted). Both
// throw a located UserError naming the failing check.
void VerifyAivSplitValid(const ir::ProgramPtr& p);
void VerifyAivSplitLoweredValid(const ir::ProgramPtr& p);

// The region's statements without its leading binding of `lane` (null: all of them).
std::vector<ir::StmtPtr> BodyWithoutLane(const ir::SplitAivStmt& r, const ir::VarPtr& lane);
// `lane = tile.get_subblock_idx()`, the binding a lowered region starts with.
ir::StmtPtr LaneBinding(const ir::VarPtr& lane, ir::Span span);

// Region placement consumed downstream: the calls a region pins to the AIV side (ops.md 4.5).
analysis::PlacedCalls RegionPlacedCalls(const ir::Function& f);

}  // namespace tilesplit::vector_split
