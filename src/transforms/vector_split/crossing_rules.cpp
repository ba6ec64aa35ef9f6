// The crossing rules the halving and the region repair share (crossing_rules.h).
#include "crossing_rules.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::vector_split {

ExprPtr LaneExtent(const ExprPtr& lane, const ExprPtr& valid, const ExprPtr& stride) {
  auto v = ir::AsConstInt(valid);
  auto s = ir::AsConstInt(stride);
  if (v && s) {
    const int64_t e0 = ops::LaneShare(*v, *s, 0);
    if (e0 == ops::LaneShare(*v, *s, 1)) return ir::MakeConstInt(e0);
  }
  return ops::LaneShareExpr(lane, valid, stride);
}

void RejectRuntimeShardBox(ir::Span span, const std::string& prefix, const std::string& what,
                           int axis, const ExprPtr& box) {
  ir::ThrowUser(span,
                prefix + what + ", whose box on split axis " + std::to_string(axis) +
                    " is the runtime value " + ir::ExprToString(box) +
                    ": lane 1's band starts at the box half rounded up, and which split code "
                    "places it there depends on the box being odd or even, known only at run time",
                {{ir::Span{},
                  "give the split axis a static box (the largest one the kernel takes) and make "
                  "its valid extent the runtime value instead; a runtime valid extent is split "
                  "correctly"}});
}

void RejectUnabuttedGather(ir::Span span, const std::string& prefix, const std::string& what,
                           int axis, int64_t valid, int64_t half) {
  ir::ThrowUser(span,
                prefix + what + " is valid for " + std::to_string(valid) + " of " +
                    std::to_string(half) + " cells on axis " + std::to_string(axis) +
                    " in both lanes: lane 1 lands at the half box, so the two bands would not abut",
                {{ir::Span{},
                  "gather a tile whose lanes fill their half boxes, keep the ragged value on the "
                  "vector side, or narrow the valid extent on the cube side after the gather"}});
}

}  // namespace tilesplit::vector_split
