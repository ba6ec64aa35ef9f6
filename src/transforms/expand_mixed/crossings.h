// The crossings of a mixed kernel (a tile.aiv_shard / tile.aic_gather, or a tile.move between a
// cube and a vector memory space) folded into transport ops: the side that produces the tile
// pushes it, the other pops it, and the popped tile is recorded for the release pipe_slots
// places after its last use.
#pragma once

#include <optional>
#include <vector>

#include "pipe_slots.h"
#include "sides.h"
#include "tilesplit/ir/expr.h"

namespace tilesplit::expand_mixed {

// One crossing, decoded from its statement: direction, transport code (ops::ShardSplitCode /
// GatherSplitCode over the FULL tile), and for a move the memory space it ends in.
struct Crossing {
  bool to_vector = false;
  int64_t code = 0;
  std::optional<int64_t> lane_stride;
  std::optional<ir::MemorySpace> move_target;  // a tile.move's target; none for shard / gather
  ir::VarPtr dst;
  ir::ExprPtr src;
  const ir::TileType* src_t = nullptr;
  const ir::TileType* dst_t = nullptr;
  ir::Span span;
};

// Decodes the crossing `c`, the top-level call of `s`. Throws a located UserError when the
// statement does not bind the result, moves no tile, or no transport code places it.
Crossing DecodeCrossing(const ir::Stmt& s, const ir::Call& c);

// Appends `side`'s half of the transport of `x` to `out`; the consumer's pops go into `popped`,
// and `traffic` grows to the tile the crossing carries.
void EmitCrossing(const Crossing& x, Side side, std::vector<ir::StmtPtr>& out,
                  pipe_slots::PoppedMap& popped, PipeTraffic& traffic);

}  // namespace tilesplit::expand_mixed
