// The per-lane valid extent of the values of a region body on the split axis, where it differs
// from the half box: one set of rules for the region repair (LocalizeExplicitBoundaryValid, which
// gives an author's crossings their lanes' extents and guards the stores of an empty lane) and
// the AUTO plan (AutoRegionPlan, which guards what the repair would guard when the printed region
// is read back, so that the output lowers to itself). Private to the module.
#pragma once

#include <optional>
#include <unordered_map>

#include "rewrite_util.h"

namespace tilesplit::vector_split {

// What is known about a tile whose valid extent on the split axis is this lane's own.
struct LaneFact {
  int axis = 0;
  ExprPtr extent;             // this lane's extent (an expression of the lane index)
  ExprPtr full_valid;         // the pre-shard extent the two lanes join back to
  bool may_be_empty = false;  // some lane's extent can be 0: its store must be guarded
  bool pending = false;       // a runtime extent not yet placed on a consumer (full box popped)
};

class LaneExtentFacts {
 public:
  // The fact of a value: a variable's own, or a nested call's first operand's.
  const LaneFact* Of(const ExprPtr& e) const;
  void Set(const Var* v, LaneFact f) { facts_[v] = std::move(f); }
  // The fact of the tile a store call writes, if `e` is a store.
  const LaneFact* Stored(const ExprPtr& e) const;

  // A shard on `axis` of a source whose static box `box` holds `valid` valid cells (a placeable
  // extent, expression `valid_expr`), `half` cells per lane: each lane's share, constant when the
  // lanes agree. Null when every lane holds its full half.
  static std::optional<LaneFact> OfPlacedShard(const ExprPtr& lane, int axis, int64_t box,
                                               int64_t valid, const ExprPtr& valid_expr,
                                               const ExprPtr& half);
  // What a consumer of a value with fact `in` holds, its result typed `t`: the same extent; none
  // once it fixes the split-axis extent to a nonzero constant; an empty one when it fixes it to 0.
  static std::optional<LaneFact> OfConsumer(LaneFact in, const ir::TileType* t);

 private:
  std::unordered_map<const Var*, LaneFact> facts_;
};

}  // namespace tilesplit::vector_split
