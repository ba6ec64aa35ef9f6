// Folding the crossings of a mixed kernel into transport ops (crossings.h).
#include "crossings.h"

#include <algorithm>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::expand_mixed {
namespace {

// The free that releases a popped slot of a pipe.
std::string FreeOpName(ops::PipeDirection dir) {
  return ops::PipeOp(ops::CrossCoreRole::TFree, dir).name();
}

int64_t TileBytes(const ir::TileType* t) {
  if (!t) return 0;
  int64_t n = 1;
  for (const ir::ExprPtr& d : t->shape) {
    auto v = ir::AsConstInt(d);
    if (!v) return 0;
    n *= *v;
  }
  return (n * ir::DataTypeBits(t->dtype) + 7) / 8;
}

ir::AttrMap SplitKwargs(int64_t code, std::optional<int64_t> lane_stride) {
  ir::AttrMap kw = {{"split", code}};
  if (lane_stride) kw.push_back({"lane_stride", *lane_stride});
  return kw;
}

int64_t ModeOf(const ir::Call& c) {
  return ir::AttrAsInt(*ir::FindAttr(c.kwargs, "split")).value_or(0);
}

void DecodeShard(const ops::OpDef& op, const ir::Call& c, Crossing& x) {
  x.to_vector = true;
  if (auto ls = ir::FindAttr(c.kwargs, "lane_stride")) x.lane_stride = ir::AttrAsInt(*ls);
  try {  // the split-code rules know no spans: locate their rejection at the crossing
    x.code = ops::ShardSplitCode(static_cast<ir::SplitMode>(ModeOf(c)), x.src_t->shape,
                                 x.src_t->valid(), x.lane_stride, op.name());
  } catch (const ir::UserError& e) {
    // lower-auto-vector-split transports the full box of any extent no code places, so only a
    // hand-written boundary gets here.
    throw e.WithSpanIfMissing(x.span).WithNote(
        "shard the full box (tile.set_validshape to the whole box on the cube side) and "
        "narrow each lane's extent after the shard, as lower-auto-vector-split does");
  }
}

void DecodeGather(const ops::OpDef& op, const ir::Call& c, Crossing& x) {
  x.to_vector = false;
  const int64_t mode = ModeOf(c);
  // The placement depends on the lanes' own extents: lanes that fill their half boxes abut
  // whatever valid extent the joined tile then declares.
  std::vector<ir::ExprPtr> joined_valid = x.dst_t->valid();
  if (auto axis = ops::SplitAxisOfMode(static_cast<ir::SplitMode>(mode));
      axis && x.src_t->shape.size() == 2 && x.dst_t->shape.size() == 2 &&
      ops::ProvablyEqual(x.src_t->valid()[*axis], x.src_t->shape[*axis]))
    joined_valid[*axis] = x.dst_t->shape[*axis];
  try {
    x.code = ops::GatherSplitCode(static_cast<ir::SplitMode>(mode), x.dst_t->shape, joined_valid,
                                  op.name());
  } catch (const ir::UserError& e) {
    throw e.WithSpanIfMissing(x.span);
  }
}

}  // namespace

Crossing DecodeCrossing(const ir::Stmt& s, const ir::Call& c) {
  const auto* assign = s.As<ir::AssignStmt>();
  if (!assign)
    ir::ThrowUser(s.span, "expand-mixed-kernel: the crossing '" + c.op_name() +
                              "' must bind its result to a name");
  Crossing x;
  x.span = s.span;
  x.dst = assign->var;
  x.src = c.args.empty() ? nullptr : c.args[0];
  x.src_t = x.src ? ir::TileTypeOf(x.src) : nullptr;
  x.dst_t = ir::TileTypeOf(x.dst);
  if (!x.src_t || !x.dst_t) ir::ThrowUser(s.span, "expand-mixed-kernel: a crossing moves a tile");
  const ops::OpDef& op = ops::Def(c);
  if (op.is_shard()) {
    DecodeShard(op, c, x);
  } else if (op.is_gather()) {
    DecodeGather(op, c, x);
  } else if (op.is_memory_move()) {
    const auto dir = analysis::ClassifyMoveDirection(c);
    if (dir == analysis::MoveDirection::NONE)
      ir::ThrowInternal(x.span, "expand-mixed-kernel: a MIXED move with no direction");
    x.to_vector = dir == analysis::MoveDirection::CUBE_TO_VECTOR;
    x.move_target = x.dst_t->memory;
  } else {
    ir::ThrowUser(x.span, "expand-mixed-kernel: cannot fold the mixed call '" + c.op_name() + "'");
  }
  return x;
}

void EmitCrossing(const Crossing& x, Side side, std::vector<ir::StmtPtr>& out,
                  pipe_slots::PoppedMap& popped, PipeTraffic& traffic) {
  const ir::Span sp = x.span;
  if (x.to_vector) {
    traffic.c2v_bytes = std::max(traffic.c2v_bytes, TileBytes(x.src_t));
    if (side == Side::AIC) {
      out.push_back(
          ir::MakeEval(ops::Create(ops::PipeOp(ops::CrossCoreRole::TPush, ops::PipeDirection::C2V),
                                   {x.src}, SplitKwargs(x.code, x.lane_stride), sp),
                       sp));
    } else {
      const ops::OpDef& pop = ops::PipeOp(ops::CrossCoreRole::TPop, ops::PipeDirection::C2V);
      out.push_back(ir::MakeAssign(
          x.dst, ops::CreateWithType(pop, {}, SplitKwargs(x.code, x.lane_stride), x.dst->type, sp),
          sp));
      popped[x.dst.get()] = {FreeOpName(ops::PipeDirection::C2V), x.code};
    }
    return;
  }
  traffic.v2c_bytes = std::max(traffic.v2c_bytes, TileBytes(x.dst_t));
  if (side == Side::AIV) {
    out.push_back(
        ir::MakeEval(ops::Create(ops::PipeOp(ops::CrossCoreRole::TPush, ops::PipeDirection::V2C),
                                 {x.src}, SplitKwargs(x.code, std::nullopt), sp),
                     sp));
    return;
  }
  const ops::OpDef& pop = ops::PipeOp(ops::CrossCoreRole::TPop, ops::PipeDirection::V2C);
  if (!x.move_target || *x.move_target == ir::MemorySpace::Mat) {
    out.push_back(ir::MakeAssign(
        x.dst, ops::CreateWithType(pop, {}, SplitKwargs(x.code, std::nullopt), x.dst->type, sp),
        sp));
    popped[x.dst.get()] = {FreeOpName(ops::PipeDirection::V2C), x.code};
    return;
  }
  // The cube pops into L1 (Mat); a move to the final operand space follows.
  ir::VarPtr landed =
      ir::MakeVar(x.dst->name + "_mat", ir::WithMemory(*x.dst_t, ir::MemorySpace::Mat), sp);
  out.push_back(ir::MakeAssign(
      landed, ops::CreateWithType(pop, {}, SplitKwargs(x.code, std::nullopt), landed->type, sp),
      sp));
  popped[landed.get()] = {FreeOpName(ops::PipeDirection::V2C), x.code};
  out.push_back(ir::MakeAssign(
      x.dst, ops::Create(ops::MemoryMoveOp(), {landed}, {{"target_memory", *x.move_target}}, sp),
      sp));
}

}  // namespace tilesplit::expand_mixed
