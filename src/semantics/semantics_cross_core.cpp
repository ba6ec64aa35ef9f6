// Semantics of the cross-core boundary, the lane index and the transport ops (ops.md 2.10,
// core-group.md 2). The boundary ops only run in the reference interpreter, where there is one
// core and no pipe: a shard or gather is the identity on the full tile. In a split program they
// must have been folded into transport ops; the transport ops need the executor's pipes.
#include <algorithm>

#include "tilesplit/ops/lane.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

void CheckReference(OpCall& c) {
  if (c.ctx.core != CoreKind::Reference)
    c.Fail("reached a split core; expand-mixed-kernel folds it into tpush/tpop/tfree");
}

// Outside a lane-by-lane region, a boundary is the identity on the full tile. Inside one (the
// reference runs an explicit-boundary region once per lane), the shard hands lane L its logical
// band [L*S, L*S + S) and the gather places each lane's band at L*half of one joined tile.
Value Shard(OpCall& c) {
  CheckReference(c);
  const int64_t split = c.int_kwarg("split").value_or(0);
  if (!c.ctx.region_mode || split == 0) return Value(c.tile_ptr(0));
  const TileValue& full = c.tile(0);
  auto out = c.NewResult();
  const size_t axis = static_cast<size_t>(split - 1);
  if (full.shape.size() != 2 || out->shape.size() != 2) c.Fail("needs 2D tiles");
  const int64_t stride = c.int_kwarg("lane_stride").value_or(ops::LaneHalf(full.shape[axis]));
  std::vector<int64_t> src_off = {0, 0}, zero = {0, 0};
  src_off[axis] = c.ctx.lane * stride;
  // The deduced type only guesses a lane-agnostic ceil half of the valid extent (ops.md 5.4):
  // the lane's own extent is clamp(V - L*S, 0, S), so of 15 valid rows lane 1 holds 7 (not 8
  // with the row past the source's extent) and of 13 lane 0 holds 8 (not 7). The formula is the
  // compiler's own (ops::LaneShare): `check` proves a split against the unsplit program, which
  // runs no boundary, so sharing it takes nothing from the proof.
  const int64_t own = ops::LaneShare(full.valid[axis], stride, c.ctx.lane);
  out->valid[axis] = std::min(out->shape[axis], own);
  CopyRegion(full.data, full.shape, src_off, out->data, out->shape, zero, out->valid);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value Gather(OpCall& c) {
  CheckReference(c);
  const int64_t split = c.int_kwarg("split").value_or(0);
  if (!c.ctx.region_mode || split == 0) return Value(c.tile_ptr(0));
  const TileValue& half = c.tile(0);
  sim::MutTilePtr& joined = c.ctx.joins[&c.call];
  if (c.ctx.lane == 0 || !joined) joined = c.NewResult();
  const size_t axis = static_cast<size_t>(split - 1);
  if (half.shape.size() != 2 || joined->shape.size() != 2) c.Fail("needs 2D tiles");
  std::vector<int64_t> dst = {0, 0}, zero = {0, 0};
  dst[axis] = c.ctx.lane * ops::LaneHalf(joined->shape[axis]);
  CopyRegion(half.data, half.shape, zero, joined->data, joined->shape, dst, half.valid);
  auto out = std::make_shared<TileValue>(*joined);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// The tensor-level boundary: the same bands on a rank-2 tensor (no valid extent: a row past the
// tensor is undefined in the lane's band).
Value TensorShard(OpCall& c) {
  CheckReference(c);
  const int64_t split = c.int_kwarg("split").value_or(0);
  const TensorPtr& full = c.tensor(0);
  if (!c.ctx.region_mode || split == 0) return Value(full);
  if (full->shape.size() != 2) c.Fail("needs a rank-2 tensor");
  const size_t axis = static_cast<size_t>(split - 1);
  std::vector<int64_t> band = full->shape, src_off = {0, 0}, zero = {0, 0};
  band[axis] = ops::LaneHalf(full->shape[axis]);
  src_off[axis] = c.ctx.lane * band[axis];
  TensorPtr out = sim::MakeTensor(full->name, full->dtype, band, /*poison=*/true);
  CopyRegion(full->data, full->shape, src_off, out->data, band, zero, band);
  return Value(out);
}

Value TensorGather(OpCall& c) {
  CheckReference(c);
  const int64_t split = c.int_kwarg("split").value_or(0);
  const TensorPtr& half = c.tensor(0);
  if (!c.ctx.region_mode || split == 0) return Value(half);
  if (half->shape.size() != 2) c.Fail("needs a rank-2 tensor");
  const size_t axis = static_cast<size_t>(split - 1);
  sim::TensorPtr& joined = c.ctx.tensor_joins[&c.call];
  if (c.ctx.lane == 0 || !joined) {
    std::vector<int64_t> whole = half->shape;
    whole[axis] *= 2;
    joined = sim::MakeTensor(half->name, half->dtype, whole, /*poison=*/true);
  }
  std::vector<int64_t> dst = {0, 0}, zero = {0, 0};
  dst[axis] = c.ctx.lane * half->shape[axis];
  CopyRegion(half->data, half->shape, zero, joined->data, joined->shape, dst, half->shape);
  return Value(std::make_shared<sim::TensorValue>(*joined));
}

Value SubblockIdx(OpCall& c) {
  return Value(Scalar::Int(c.ctx.lane));
}

TransportPort& Port(OpCall& c, CoreKind want) {
  if (!c.ctx.port) c.Fail("needs a core group: run the split program with its Group function");
  if (c.ctx.core != want)
    c.Fail(std::string("runs on the ") + (want == CoreKind::AIC ? "AIC" : "AIV") +
           " only, but this core is the " + (c.ctx.core == CoreKind::AIC ? "AIC" : "AIV"));
  return *c.ctx.port;
}

int64_t Code(OpCall& c) {
  auto s = c.int_kwarg("split");
  if (!s) c.Fail("missing kwarg 'split'");
  return *s;
}

int64_t Id(OpCall& c) {
  return c.int_kwarg("id").value_or(0);
}

TileValue GeomOnly(const OpCall& c) {
  const TileGeom& g = c.result();
  TileValue t;
  t.dtype = g.dtype;
  t.mem = g.mem;
  t.shape = g.shape;
  t.valid = g.valid;
  return t;
}

}  // namespace

void RegisterCrossCoreSemantics(SemanticsTable& t) {
  t.Register(op::tile_aiv_shard, Shard);
  t.Register(op::tile_aic_gather, Gather);
  t.Register(op::tensor_aiv_shard, TensorShard);
  t.Register(op::tensor_aic_gather, TensorGather);
  t.Register(op::tile_get_subblock_idx, SubblockIdx);
  t.Register(op::tile_get_block_idx, [](OpCall& c) { return Value(Scalar::Int(c.ctx.block_idx)); });
  t.Register(op::tile_get_block_num, [](OpCall& c) { return Value(Scalar::Int(c.ctx.block_num)); });
  t.Register(op::tensor_get_subblock_idx, SubblockIdx);
  t.Register(op::tensor_get_block_idx,
             [](OpCall& c) { return Value(Scalar::Int(c.ctx.block_idx)); });
  t.Register(op::tensor_get_block_num,
             [](OpCall& c) { return Value(Scalar::Int(c.ctx.block_num)); });
  t.Register(op::tile_tpush_to_aiv, [](OpCall& c) {
    Port(c, CoreKind::AIC).PushToAiv(Id(c), Code(c), c.tile_ptr(0), c.call.span);
    return Value();
  });
  t.Register(op::tile_tpop_from_aic, [](OpCall& c) {
    return Value(Port(c, CoreKind::AIV).PopFromAic(Id(c), Code(c), GeomOnly(c), c.call.span));
  });
  t.Register(op::system_tfree_to_aic, [](OpCall& c) {
    Port(c, CoreKind::AIV).FreeToAic(Id(c), c.tile(0), c.call.span);
    return Value();
  });
  t.Register(op::tile_tpush_to_aic, [](OpCall& c) {
    Port(c, CoreKind::AIV).PushToAic(Id(c), Code(c), c.tile_ptr(0), c.call.span);
    return Value();
  });
  t.Register(op::tile_tpop_from_aiv, [](OpCall& c) {
    return Value(Port(c, CoreKind::AIC).PopFromAiv(Id(c), Code(c), GeomOnly(c), c.call.span));
  });
  t.Register(op::system_tfree_to_aiv, [](OpCall& c) {
    Port(c, CoreKind::AIC).FreeToAiv(Id(c), c.tile(0), c.call.span);
    return Value();
  });
}

}  // namespace tilesplit::ops
