// Boundary split deduction helpers and transport split codes (ops.md 5, 6).
#include "tilesplit/ops/split_code.h"

#include <algorithm>
#include <string>

#include "tilesplit/ir/error.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::ops {

namespace {
[[noreturn]] void Fail(std::string_view op, const std::string& msg, const std::string& note) {
  ir::ThrowUser({}, std::string(op) + ": " + msg, {{{}, note}});
}
}  // namespace

std::optional<int> SplitAxisOfMode(ir::SplitMode mode) {
  switch (mode) {
    case ir::SplitMode::UpDown:
      return 0;
    case ir::SplitMode::LeftRight:
      return 1;
    case ir::SplitMode::None:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<int> SplitAxisFromSplitCode(int64_t code) {
  if (code == kTileUpDown || code == kTileUpDownOdd) return 0;
  if (code == kTileLeftRight || code == kTileLeftRightOdd) return 1;
  return std::nullopt;
}

LaneExtentPair LaneExtents(int64_t box, int64_t valid, std::optional<int64_t> lane_stride) {
  int64_t s = lane_stride.value_or(LaneHalf(box));
  return {s, LaneShare(valid, s, 0), LaneShare(valid, s, 1)};
}

void CheckSplitBoundaryCarriesValid(std::string_view op, const Shape& shape, const Shape& valid,
                                    std::optional<int> axis, bool halve) {
  if (shape.size() != 2 || valid.size() != 2) return;
  if (!halve) return;  // the pop ignores valid extents; the pass enforces the abut rule
  if (ProvablyEqual(valid[1], shape[1])) return;
  std::string cols = "valid columns " + Str(valid[1]) + " of " + Str(shape[1]);
  if (axis == 1)
    Fail(op,
         "LEFT_RIGHT split of a tile with narrowed " + cols +
             ": no field can carry a per-lane column extent; make the columns fully valid "
             "or split UP_DOWN",
         "make valid_shape equal the shape on axis 1 before the crossing (pad the columns on "
         "the cube side), or split the function UP_DOWN");
  if (!Static(valid[1]))
    Fail(op,
         "runtime " + cols +
             " cannot be rebuilt by a static reshape across the boundary; make the columns "
             "fully valid or static",
         "make the valid columns a static number, or the whole width, before the crossing");
  if (axis == 0 && !ProvablyEqual(valid[0], shape[0]))
    Fail(op,
         "UP_DOWN split with per-lane valid rows " + Str(valid[0]) + " of " + Str(shape[0]) +
             " and narrowed " + cols + " is unsupported; make the rows or the columns fully valid",
         "pad the rows or the columns on the cube side so that one of them is fully valid at "
         "the crossing");
  if (!Static(valid[0]))
    Fail(op,
         "runtime valid rows " + Str(valid[0]) + " with narrowed " + cols +
             " are unsupported; make the columns fully valid",
         "pad the columns on the cube side so that they are fully valid at the crossing");
}

void CheckLaneStrideAttr(std::string_view op, const Shape& shape, int axis, int64_t lane_stride) {
  if (lane_stride <= 0)
    Fail(op, "kwarg 'lane_stride' must be > 0, got " + std::to_string(lane_stride),
         "give lane_stride the row or column where lane 1 starts (at least 1), or drop it for "
         "the even partition");
  if (axis < 0 || static_cast<size_t>(axis) >= shape.size()) return;
  if (auto n = Static(shape[axis]); n && lane_stride > LaneHalf(*n))
    Fail(op,
         "kwarg 'lane_stride' " + std::to_string(lane_stride) + " exceeds ceil(" +
             std::to_string(*n) + " / 2) = " + std::to_string(LaneHalf(*n)) +
             ", the lane box of split axis " + std::to_string(axis),
         "give lane_stride a value from 1 to " + std::to_string(LaneHalf(*n)) +
             ", or drop it for the even partition");
}

std::pair<Shape, Shape> ReshapeSplitAxis(const Shape& shape, const Shape& valid, int axis,
                                         bool halve) {
  Shape s = shape, v = valid;
  const ExprPtr& n = shape[axis];
  const ExprPtr& vv = valid[axis];
  if (halve) {
    if (auto c = Static(n)) {
      s[axis] = ConstLike(LaneHalf(*c), n);
    } else {
      s[axis] = ir::MakeBinary(ir::BinaryOp::FloorDiv, n, ConstLike(2, n));
    }
    if (auto c = Static(vv)) {
      v[axis] = ConstLike(LaneHalf(*c), vv);
    } else {
      v[axis] =
          ir::MakeBinary(ir::BinaryOp::FloorDiv, ir::Add(vv, ConstLike(1, vv)), ConstLike(2, vv));
    }
  } else {
    s[axis] = ir::Mul(n, ConstLike(2, n));
    v[axis] = ir::Mul(vv, ConstLike(2, vv));
  }
  return {std::move(s), std::move(v)};
}

namespace {
struct AxisExtents {
  std::optional<int64_t> box, valid;
  int axis;
};
AxisExtents ExtentsOn(std::string_view op, ir::SplitMode mode, const Shape& box,
                      const Shape& valid) {
  int axis = *SplitAxisOfMode(mode);
  if (box.size() != 2 || valid.size() != 2)
    Fail(op,
         "split " + std::string(ir::SplitModeName(mode)) + " needs a rank-2 tile, got " + Str(box),
         "reshape the tile to rank 2 before the crossing, or cross it with split=0 (no split)");
  return {Static(box[axis]), Static(valid[axis]), axis};
}
}  // namespace

int64_t ShardSplitCode(ir::SplitMode mode, const Shape& box, const Shape& valid,
                       std::optional<int64_t> lane_stride, std::string_view op) {
  if (mode == ir::SplitMode::None) return kTileNoSplit;
  AxisExtents x = ExtentsOn(op, mode, box, valid);
  CheckSplitBoundaryCarriesValid(op, box, valid, x.axis, /*halve=*/true);
  int64_t even = static_cast<int64_t>(mode);
  if (!x.box) return even;  // the deducer already refuses to halve a runtime box
  // Lane 1 starts at its own extent e1 (or e1 + 1), but the lanes' shares of a runtime extent V
  // are min(V, S) and clamp(V - S, 0, S): equal, or e1 == 0, only for some V, so no one code
  // places every value. The full box always places; the lanes narrow it after the pop.
  if (!x.valid)
    Fail(op,
         "the valid extent " + Str(valid[x.axis]) + " on split axis " + std::to_string(x.axis) +
             " of box " + std::to_string(*x.box) +
             " is a runtime value, and no split code places both lanes' bands for every value "
             "(lane 1 starts at its own extent)",
         "make the shard's operand fully valid on the split axis before the crossing "
         "(tile.set_validshape to the box)");
  LaneExtentPair e = LaneExtents(*x.box, *x.valid, lane_stride);
  if (e.e0 == e.e1) return even;
  if (e.e0 == e.e1 + 1) return even + 2;
  if (e.e1 == 0) return even;
  int64_t balanced = LaneHalf(*x.valid);
  Fail(op,
       "lane extents e0 = " + std::to_string(e.e0) + " and e1 = " + std::to_string(e.e1) +
           " (valid " + std::to_string(*x.valid) + " of box " + std::to_string(*x.box) +
           " on axis " + std::to_string(x.axis) + ", lane stride " + std::to_string(e.stride) +
           ") leaves the two AIV lanes " + std::to_string(e.e0) + " and " + std::to_string(e.e1) +
           " cells, which no split code places: it needs e0 == e1, e0 == e1 + 1 or "
           "e1 == 0; lane_stride=" +
           std::to_string(balanced) + " would balance them",
       "add lane_stride=" + std::to_string(balanced) +
           " to the crossing (lane 1 then starts at that row or column), or pad the valid "
           "extent so that both lanes hold the same number of cells");
}

int64_t GatherSplitCode(ir::SplitMode mode, const Shape& box, const Shape& valid,
                        std::string_view op) {
  if (mode == ir::SplitMode::None) return kTileNoSplit;
  AxisExtents x = ExtentsOn(op, mode, box, valid);
  int64_t even = static_cast<int64_t>(mode);
  if (!x.box || !x.valid) return even;
  LaneExtentPair e = LaneExtents(*x.box, *x.valid, std::nullopt);
  if (e.e0 == e.e1 || e.e1 == 0) return even;
  Fail(op,
       "lane extents e0 = " + std::to_string(e.e0) + " and e1 = " + std::to_string(e.e1) +
           " (valid " + std::to_string(*x.valid) + " of box " + std::to_string(*x.box) +
           " on axis " + std::to_string(x.axis) + ") leave the two AIV lanes " +
           std::to_string(e.e0) + " and " + std::to_string(e.e1) +
           " cells that do not abut, and a gather has no odd code; pad the split axis and narrow "
           "the valid extent on the cube side instead",
       "pad the split axis to a box both lanes fill, and narrow the valid extent after the "
       "gather, on the cube side");
}

}  // namespace tilesplit::ops
