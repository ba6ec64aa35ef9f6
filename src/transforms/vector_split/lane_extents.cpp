// The per-lane extent facts of a region body (lane_extents.h).
#include "lane_extents.h"

#include "crossing_rules.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {

const LaneFact* LaneExtentFacts::Of(const ExprPtr& e) const {
  if (const ir::Call* c = e ? e->As<ir::Call>() : nullptr) {
    for (const ExprPtr& a : c->args)  // a nested call holds its operand's lane extent
      if (const LaneFact* f = Of(a)) return f;
    return nullptr;
  }
  const Var* v = e ? e->As<Var>() : nullptr;
  if (!v) return nullptr;
  auto it = facts_.find(v);
  return it == facts_.end() ? nullptr : &it->second;
}

const LaneFact* LaneExtentFacts::Stored(const ExprPtr& e) const {
  const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
  if (!c || !IsGmWrite(*c) || c->args.empty()) return nullptr;
  return Of(c->args[0]);
}

std::optional<LaneFact> LaneExtentFacts::OfPlacedShard(const ExprPtr& lane, int axis, int64_t box,
                                                       int64_t valid, const ExprPtr& valid_expr,
                                                       const ExprPtr& half) {
  LaneFact fact{axis, LaneExtent(lane, valid_expr, half), valid_expr, true, false};
  const ops::LaneExtentPair p = ops::LaneExtents(box, valid, std::nullopt);
  fact.may_be_empty = p.e0 == 0 || p.e1 == 0;
  if (p.e0 == p.e1) fact.extent = ir::MakeConstInt(p.e0);
  if (ir::IsConstInt(fact.extent, ir::AsConstInt(half).value_or(-1)) && !fact.may_be_empty)
    return std::nullopt;
  return fact;
}

std::optional<LaneFact> LaneExtentFacts::OfConsumer(LaneFact in, const ir::TileType* t) {
  const std::optional<int64_t> fixed =
      !in.pending && t && in.axis < static_cast<int>(t->shape.size())
          ? ir::AsConstInt(t->valid()[in.axis])
          : std::nullopt;
  if (!fixed) return in;
  if (*fixed != 0) return std::nullopt;  // an ordinary tile from here on
  in.extent = t->valid()[in.axis];       // no lane holds rows: its stores stay guarded
  in.may_be_empty = true;
  return in;
}

}  // namespace tilesplit::vector_split
