// Split deduction of the cross-core boundary ops and the transport split codes (ops.md 5, 6).
// Shared by the tile.aiv_shard / tile.aic_gather deducers, the transport op deducers and the
// passes that fold a boundary into a tpush/tpop pair.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "tilesplit/ir/enums.h"
#include "tilesplit/ir/expr.h"

namespace tilesplit::ops {

// Transport codes (pto-isa names).
enum SplitCode : int64_t {
  kTileNoSplit = 0,
  kTileUpDown = 1,
  kTileLeftRight = 2,
  kTileUpDownOdd = 3,
  kTileLeftRightOdd = 4,
};

// The split axis of a SplitMode (NONE: none).
std::optional<int> SplitAxisOfMode(ir::SplitMode mode);
// 1, 3 -> axis 0; 2, 4 -> axis 1; 0 -> none. Codes outside 0..4 -> none.
std::optional<int> SplitAxisFromSplitCode(int64_t code);

// Per-lane extents of a split axis with static box B and valid V (ops.md 5.4):
// S = lane_stride or ceil(B / 2); e0 = min(V, S); e1 = clamp(V - S, 0, S).
struct LaneExtentPair {
  int64_t stride;
  int64_t e0;
  int64_t e1;
};
LaneExtentPair LaneExtents(int64_t box, int64_t valid, std::optional<int64_t> lane_stride);

// ops.md 5.3: whether a boundary tile's valid shape can cross. Silent unless shape and valid are
// both rank 2. `halve` = shard direction (C->V); `axis` = the split axis (none for NONE). Throws a
// UserError prefixed "OP: " otherwise.
void CheckSplitBoundaryCarriesValid(std::string_view op, const std::vector<ir::ExprPtr>& shape,
                                    const std::vector<ir::ExprPtr>& valid, std::optional<int> axis,
                                    bool halve);

// ops.md 5.2: lane_stride > 0 and <= ceil(extent / 2) when the split-axis extent is static.
void CheckLaneStrideAttr(std::string_view op, const std::vector<ir::ExprPtr>& shape, int axis,
                         int64_t lane_stride);

// ops.md 5.1: the shape and valid with the split axis halved (shard) or doubled (gather).
std::pair<std::vector<ir::ExprPtr>, std::vector<ir::ExprPtr>> ReshapeSplitAxis(
    const std::vector<ir::ExprPtr>& shape, const std::vector<ir::ExprPtr>& valid, int axis,
    bool halve);

// ops.md 6: the transport code for a C->V boundary over the FULL tile (box = physical shape,
// valid = its valid shape). Errors name the lane extents and what would work.
int64_t ShardSplitCode(ir::SplitMode mode, const std::vector<ir::ExprPtr>& box,
                       const std::vector<ir::ExprPtr>& valid, std::optional<int64_t> lane_stride,
                       std::string_view op = "tile.aiv_shard");
// ops.md 6: the transport code for a V->C boundary over the FULL (joined) tile. No odd codes.
int64_t GatherSplitCode(ir::SplitMode mode, const std::vector<ir::ExprPtr>& box,
                        const std::vector<ir::ExprPtr>& valid,
                        std::string_view op = "tile.aic_gather");

}  // namespace tilesplit::ops
