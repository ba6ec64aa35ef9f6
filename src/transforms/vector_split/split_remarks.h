// The remarks of the halving walk (split_axis.cpp), kept here so that each decision point there
// stays one call: which values became lane-local, on which axis, and which stayed full width and
// why. `tilesplit explain` reads their args; `opt --remarks` prints their messages.
#pragma once

#include "halving.h"
#include "tilesplit/ir/expr.h"

namespace tilesplit::vector_split {

// `v` holds this lane's part of a tile halved as `info` says (args: value, axis, half, full_box,
// full_valid).
void RemarkLaneLocal(const ir::Var& v, const LaneBox& info);
// The tile `v` stays full width on both lanes, for `why` (args: value, why). Silent for a value
// that is not a tile.
void RemarkKeptWhole(const ir::Var& v, const std::string& why);
// The same for the result `v` of cube or shared work `call` (the reason follows its affinity).
void RemarkKeptWhole(const ir::Var& v, const ir::Call& call);

}  // namespace tilesplit::vector_split
