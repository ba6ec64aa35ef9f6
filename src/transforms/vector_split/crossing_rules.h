// What the two lowerings of a crossing share: the halving's (BoundaryHalving, which builds the
// shard and gather of a crossing it finds) and the region repair's (BoundaryExtents, which gives
// an author's shard and gather their per-lane extents). The lane's extent of a crossing and the
// two crossings no split code can carry are decided here once, so both lowerings agree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rewrite_util.h"

namespace tilesplit::vector_split {

// Lane `lane`'s share of `valid` cells under `stride` (ops::LaneShareExpr), folded to a constant
// when both lanes hold the same number of cells.
ExprPtr LaneExtent(const ExprPtr& lane, const ExprPtr& valid, const ExprPtr& stride);

// A shard whose box on the split axis is a runtime value: where lane 1's band starts depends on
// the box being odd or even, and no split code places it for every value. `what` names the
// crossing; `prefix` is the pass's prefix of its messages, if it has one.
[[noreturn]] void RejectRuntimeShardBox(ir::Span span, const std::string& prefix,
                                        const std::string& what, int axis, const ExprPtr& box);

// A gather of lanes that each hold `valid` of their `half` cells on `axis` (0 < valid < half):
// lane 1 lands at the half box, so the two bands would leave a hole.
[[noreturn]] void RejectUnabuttedGather(ir::Span span, const std::string& prefix,
                                        const std::string& what, int axis, int64_t valid,
                                        int64_t half);

// Whether the cube->vector crossing of `full` (rank 2, a static box on `axis`) transports the
// full box (BuildFullBoxShard): its valid extent on the axis is a runtime value or a static one
// no split code places (PlacesBothLanes); with the split extensions also when the shard cannot
// carry the tile's valid extents at all (narrowed columns under LEFT_RIGHT, or narrowed columns
// beside partial rows under UP_DOWN: ops::CheckSplitBoundaryCarriesValid, the rule's one home)
// and widening the split axis to the box lets it. One decision for the halving (EmitShard) and
// the AUTO region plan (which places the widening on the cube side).
bool ShardsFullBox(const ir::TileType& full, int axis, std::optional<int64_t> lane_stride,
                   bool extensions);

// The full-box form of a shard, for an extent no split code places (a runtime one, or 13 of 16
// rows: 8 and 5): the transport carries the FULL box, whose lanes always place, and the lane's own
// extent is applied right after the pop. One construction for the halving (BoundaryHalving) and
// the region repair (BoundaryExtents).
struct FullBoxShard {
  ir::StmtPtr widen;     // NAME_box = tile.set_validshape(src, box...): cube work, before the shard
  ir::VarPtr pop;        // NAME_pop, typed with each lane's share of the full box
  ir::StmtPtr pop_stmt;  // NAME_pop = shard(NAME_box, kwargs)
  ExprPtr narrowed;      // tile.set_validshape(NAME_pop, ..., the lane's extent ...), for NAME
  ExprPtr half;          // the per-lane box on the axis
};
// `var` names the crossing's result, `src` (typed `full`, rank 2) its cube tile, `axis` the split
// axis; lane 1 starts at `lane_stride` (the half box when none); `lane_type` types the pop from
// the deduced half and its valid extents (a view the author wrote may override the deduced one).
using LaneTypeFn = std::function<ir::TypePtr(const ir::TileType& half, std::vector<ExprPtr> valid)>;
FullBoxShard BuildFullBoxShard(const ir::VarPtr& var, const ops::OpDef& shard, const ExprPtr& src,
                               const ir::TileType& full, int axis, const ir::AttrMap& kwargs,
                               const ExprPtr& lane, std::optional<int64_t> lane_stride,
                               const LaneTypeFn& lane_type, ir::Span span);

// A gather's operand `operand` (typed `t`) whose lane extent on `axis` may fall short of its half
// box `half`: `NAME_lanes = tile.set_validshape(operand, half ...)` is appended to `out`, so that
// both lanes hand over full half boxes, which abut. Returns NAME_lanes.
ir::VarPtr WidenLanesToHalfBox(const ir::VarPtr& var, const ExprPtr& operand, const ir::TileType& t,
                               int axis, const ExprPtr& half, ir::Span span,
                               std::vector<ir::StmtPtr>& out);

// `extent > 0`: the condition under which a lane whose extent on the split axis is `extent` holds
// any rows, and so may store them.
ExprPtr LaneHoldsRows(const ExprPtr& extent);

// The store `r = store(tile, offsets, dst)` run only when this lane holds rows (`extent > 0`);
// otherwise `dst` passes through. `r` stays the merge's variable, so later uses keep it.
ir::StmtPtr GuardedStore(const ir::VarPtr& r, const ExprPtr& store, const ExprPtr& extent,
                         ir::Span span);
// The store statement `store(...)` (no result) run only when this lane holds rows.
ir::StmtPtr GuardedStoreEffect(const ExprPtr& store, const ExprPtr& extent, ir::Span span);

}  // namespace tilesplit::vector_split
