// The remarks of the halving walk (split_axis.cpp), kept here so that each decision point there
// stays one call: which values became lane-local, on which axis, and which stayed full width and
// why. `opt --remarks` prints their messages; the same calls write the decisions record
// (SplitDecisions) that `tilesplit explain` reads, when one is being kept.
#pragma once

#include "halving.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/transforms/split_decisions.h"

namespace tilesplit::vector_split {

// The record the decisions of the function being lowered go to while the scope lives (null: none
// is kept), like pass::RemarkFunction for remarks.
class DecisionScope {
 public:
  explicit DecisionScope(SplitDecisions* record);
  ~DecisionScope();
  DecisionScope(const DecisionScope&) = delete;
  DecisionScope& operator=(const DecisionScope&) = delete;

 private:
  SplitDecisions* saved_;
};
SplitDecisions* CurrentDecisions();
// Whether anyone reads a decision: remarks are on, or a record is kept.
bool DecisionsWanted();
// The function's path, its sentence, and (AUTO) why it was kept flat: a remark and the record.
void RemarkPath(ir::Span span, const std::string& path, const std::string& message, bool passed);
void RemarkFlat(ir::Span span, const std::string& why);

// `v` holds this lane's part of a tile halved as `info` says (args: value, axis, half, full_box,
// full_valid).
void RemarkLaneLocal(const ir::Var& v, const LaneBox& info);
// The tile `v` stays full width on both lanes, for `why` (args: value, why). Silent for a value
// that is not a tile.
void RemarkKeptWhole(const ir::Var& v, const std::string& why);
// The same for the result `v` of cube or shared work `call` (the reason follows its affinity).
void RemarkKeptWhole(const ir::Var& v, const ir::Call& call);

// A split extension (pass::SplitOptions) the walk applied to `v`: `what` it did and `cost`, what
// it costs beyond the spec's form (args: value, extension, cost).
void RemarkExtension(const ir::Var& v, const std::string& extension, const std::string& what,
                     const std::string& cost);
// The odd vector->cube box `box` of `v` (lane box `half`) gathered padded to 2 * half.
void RemarkOddGather(const ir::Var& v, int64_t box, int64_t half);

// The crossing `v` of the cube tile `full` transported as its full box because the shard cannot
// carry its valid extents (narrowed columns), each lane narrowed right after the pop.
void RemarkFullBoxExtension(const ir::Var& v, const ir::TileType& full);

}  // namespace tilesplit::vector_split
