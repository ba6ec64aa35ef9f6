// Cross-core pipe slots (core-group.md section 2): where a consumer releases each tile it popped,
// and how many ring slots its holds need so that the split program cannot deadlock.
//
// A pipe is a ring used in order: transfer k goes into slot k mod slot_num, and its producer
// waits until transfer k - slot_num has been released. Both sides run the crossings in the
// source's order, so the split program is deadlock-free exactly when every consumer releases
// transfer k before it pops transfer k + slot_num (docs/split-lowering.md, "Pipe slots").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::pipe_slots {

// A tile popped on the consumer side, and the call that releases its slot.
struct Popped {
  std::string free_op;  // system.tfree_to_aic (C2V) or system.tfree_to_aiv (V2C)
  int64_t code = 0;     // the transfer's split code, repeated on the release
};
using PoppedMap = std::unordered_map<const ir::Var*, Popped>;

// Demand at or above this is "no bound": a held transfer spans a loop of transfers whose trip
// count is only known at run time (PlaceReleases copies such holds away).
inline constexpr int64_t kUnbounded = INT64_MAX / 4;

// Places the releases of the tiles popped in `body` (one side's statements, in order): each is
// released right after its last use in the block that popped it. A tile that would stay popped
// across a loop of transfers (the ring would wrap onto its slot after slot_num iterations, and
// never stop wrapping for a run-time loop), or that leaves its block through a yield (its release
// would come before its last read), is first copied into a tile of its own memory
// (`NAME_kept = tile.move(NAME, target_memory=M)`: Vec to Vec on a lane, Mat to Mat on the cube)
// and released at once; later uses read the copy. `names` supplies the copies' names.
std::vector<ir::StmtPtr> PlaceReleases(const std::vector<ir::StmtPtr>& body,
                                       const PoppedMap& popped, ir::NameGenerator& names);

// Where a pop needs more slots than a limit: the pop, and the oldest transfer still held there.
struct Site {
  int64_t slots = 0;  // the slots this pop needs
  ir::Span pop;
  std::string pop_name;
  ir::Span held;
  std::string held_name;
};

// How many ring slots the consumer's pops of `body` (with releases placed) need: the most pops,
// counted from the oldest transfer still held through the new one, over every path (a static
// loop repeats its body's pops, a run-time loop around a hold makes the demand unbounded).
struct Demand {
  int64_t slots = 0;          // 0 when the side pops nothing
  std::optional<Site> first;  // the first pop (in program order) needing more than `limit`
};
Demand MeasureDemand(const std::vector<ir::StmtPtr>& body, const PoppedMap& popped, int64_t limit);

// The remark saying how deep the rings were made: each pipe's demand, and the slot_num kept (the
// author's `explicit_slots`) or chosen (`chosen`, the default 2 grown to the demand).
void RemarkRingSize(const ir::Function& f, int64_t c2v_demand, int64_t v2c_demand,
                    std::optional<int64_t> explicit_slots, int64_t chosen);

// The ring depth both pipes of the mixed kernel `f` get (one slot_num serves both), given each
// side's statements with releases placed: an explicit `slot_num` when every consumer's holds fit
// in it, else the default 2 grown to the largest demand. Throws a located UserError at the first
// pop that would wait on a held slot when an explicit slot_num is too small.
int64_t SizeRings(const ir::Function& f, const std::vector<ir::StmtPtr>& aic,
                  const std::vector<ir::StmtPtr>& aiv, const PoppedMap& popped,
                  std::optional<int64_t> slot_num);

}  // namespace tilesplit::pipe_slots
