// Cross-core boundary ops, lane index and transport (ops.md 2.10, 5).
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::ops {

using ir::MemorySpace;

namespace {

// ops.md 5 "Deduction, in order". Codes 3/4 are transport codes, not modes.
TypePtr DeduceBoundary(const CallInfo& c, bool halve) {
  const ir::TileType& t = c.tile_arg(0);
  // A free without split= (PyPTO's form before StampTfreeSplit) releases under code 0: the
  // simulator's free does not read the code.
  const int64_t split = c.int_kwarg("split").value_or(0);
  if (split < 0 || split > 2)
    c.Fail("kwarg 'split' must be 0 (NONE), 1 (UP_DOWN) or 2 (LEFT_RIGHT), got " +
           std::to_string(split));
  Shape shape = t.shape, valid = t.valid();
  if (split == 0) {
    CheckSplitBoundaryCarriesValid(c.name(), shape, valid, std::nullopt, halve);
  } else {
    int axis = static_cast<int>(split) - 1;
    RequireRank(c, 0, t, 2);
    if (halve)
      if (auto ls = c.int_kwarg("lane_stride")) CheckLaneStrideAttr(c.name(), shape, axis, *ls);
    CheckSplitBoundaryCarriesValid(c.name(), shape, valid, axis, halve);
    std::tie(shape, valid) = ReshapeSplitAxis(shape, valid, axis, halve);
  }
  // Only the valid shape survives; the consuming lane's space comes from the memory patch.
  return ir::MakeTileType(shape, t.dtype, std::nullopt, ImplicitView(shape, std::nullopt, valid));
}

// The tensor-level boundary (a Tensor crossing inside a region of a tensor-level program): the
// same split rule on a rank-2 tensor, which has no valid extent and no memory space.
TypePtr DeduceTensorBoundary(const CallInfo& c, bool halve) {
  const ir::TensorType& t = c.tensor_arg(0);
  // A free without split= (PyPTO's form before StampTfreeSplit) releases under code 0: the
  // simulator's free does not read the code.
  const int64_t split = c.int_kwarg("split").value_or(0);
  if (split < 0 || split > 2)
    c.Fail("kwarg 'split' must be 0 (NONE), 1 (UP_DOWN) or 2 (LEFT_RIGHT), got " +
           std::to_string(split));
  Shape shape = t.shape;
  if (split != 0) {
    if (shape.size() != 2)
      c.Fail("argument 'tensor' must have rank 2 to be split on axis " + std::to_string(split - 1) +
             ", got rank " + std::to_string(shape.size()));
    shape = ReshapeSplitAxis(shape, shape, static_cast<int>(split) - 1, halve).first;
  }
  return ir::MakeTensorType(shape, t.dtype);
}

void CheckTransportKwargs(const CallInfo& c) {
  // A free without split= (PyPTO's form before StampTfreeSplit) releases under code 0: the
  // simulator's free does not read the code.
  const int64_t split = c.int_kwarg("split").value_or(0);
  if (split < 0 || split > 4)
    c.Fail("kwarg 'split' must be a transport code in 0..4, got " + std::to_string(split));
  if (auto id = c.int_kwarg("id"); id && *id < 0)
    c.Fail("kwarg 'id' must be >= 0, got " + std::to_string(*id));
  if (auto ls = c.int_kwarg("lane_stride"); ls && *ls <= 0)
    c.Fail("kwarg 'lane_stride' must be > 0, got " + std::to_string(*ls));
}

TypePtr DeducePush(const CallInfo& c, bool to_aiv) {
  const ir::TileType& t = c.tile_arg(0);
  CheckTransportKwargs(c);
  if (to_aiv) {
    auto axis = SplitAxisFromSplitCode(*c.int_kwarg("split"));
    if (axis && t.shape.size() != 2) RequireRank(c, 0, t, 2);
    if (auto ls = c.int_kwarg("lane_stride"); ls && axis)
      CheckLaneStrideAttr(c.name(), t.shape, *axis, *ls);
    CheckSplitBoundaryCarriesValid(c.name(), t.shape, t.valid(), axis, /*halve=*/true);
  }
  return nullptr;
}

TypePtr DeducePop(const CallInfo& c) {
  CheckTransportKwargs(c);
  return nullptr;  // the builder or an annotation supplies the popped tile's type
}

TypePtr DeduceFree(const CallInfo& c) {
  c.tile_arg(0);
  CheckTransportKwargs(c);
  return nullptr;
}

}  // namespace

void RegisterCrossCoreOps(OpRegistry& r) {
  r.Register("tile.aiv_shard")
      .boundary(BoundaryKind::Shard)
      .arg("tile")
      .req_kwarg("split", KwargKind::SplitMode)
      .kwarg("lane_stride", KwargKind::Int)
      .deduce([](const CallInfo& c) { return DeduceBoundary(c, /*halve=*/true); })
      .output_memory_fixed(MemorySpace::Vec)
      .doc(
          "C->V boundary: the split axis (split 1 rows, 2 cols) ceil-halved in shape and "
          "valid, 0 keeps both; the consuming lane's Vec tile");

  r.Register("tile.aic_gather")
      .boundary(BoundaryKind::Gather)
      .arg("tile")
      .req_kwarg("split", KwargKind::SplitMode)
      .deduce([](const CallInfo& c) { return DeduceBoundary(c, /*halve=*/false); })
      .output_memory_fixed(MemorySpace::Mat)
      .doc(
          "V->C boundary: the split axis (split 1 rows, 2 cols) doubled in shape and valid, 0 "
          "keeps both; the joined Mat tile");

  r.Register("tensor.aiv_shard")
      .tile_form(TileForm::Namesake("tensor.aiv_shard"))
      .boundary(BoundaryKind::Shard)
      .arg("tensor")
      .req_kwarg("split", KwargKind::SplitMode)
      .deduce([](const CallInfo& c) { return DeduceTensorBoundary(c, /*halve=*/true); })
      .doc(
          "C->V boundary of a tensor-level program: the rank-2 tensor's split axis (split 1 "
          "rows, 2 cols) ceil-halved, 0 keeps the shape; this lane's band");

  r.Register("tensor.aic_gather")
      .tile_form(TileForm::Namesake("tensor.aic_gather"))
      .boundary(BoundaryKind::Gather)
      .arg("tensor")
      .req_kwarg("split", KwargKind::SplitMode)
      .deduce([](const CallInfo& c) { return DeduceTensorBoundary(c, /*halve=*/false); })
      .doc(
          "V->C boundary of a tensor-level program: the rank-2 tensor's split axis (split 1 "
          "rows, 2 cols) doubled, 0 keeps the shape; the lanes' bands joined");

  r.Register("tile.get_subblock_idx")
      .lane_index()
      .deduce([](const CallInfo&) { return ir::MakeScalarType(ir::DataType::INDEX); })
      .core_affinity(CoreAffinity::VECTOR)
      .doc("Scalar[INDEX]: this AIV lane, 0 or 1");

  // The block identity of PyPTO's SPMD launch. The simulator runs one core group, block 0 of 1;
  // both cores of the group and both lanes see the same values, so nothing splits on them.
  r.Register("tile.get_block_idx")
      .deduce([](const CallInfo&) { return ir::MakeScalarType(ir::DataType::INDEX); })
      .doc("Scalar[INDEX]: the index of this core group's block in the launch (0 of 1 here)");
  r.Register("tile.get_block_num")
      .deduce([](const CallInfo&) { return ir::MakeScalarType(ir::DataType::INDEX); })
      .doc("Scalar[INDEX]: the number of blocks in the launch (1 here)");

  // The same identities read in a tensor-level InCore function (PyPTO's pl.tensor.get_block_idx
  // and pl.get_block_idx there); each becomes its tile op when the function is converted.
  const std::pair<const char*, const char*> identities[] = {
      {"tensor.get_block_idx", "the index of this core group's block in the launch (0 of 1 here)"},
      {"tensor.get_block_num", "the number of blocks in the launch (1 here)"},
      {"tensor.get_subblock_idx", "this AIV lane, 0 or 1 (0 before the split)"}};
  for (const auto& [n, what] : identities)
    r.Register(n)
        .tile_form(TileForm::Namesake(n))
        .deduce([](const CallInfo&) { return ir::MakeScalarType(ir::DataType::INDEX); })
        .doc(std::string("Scalar[INDEX]: ") + what);

  r.Register("tile.tpush_to_aiv")
      .pipe_direction(PipeDirection::C2V)
      .arg("tile")
      .req_kwarg("split", KwargKind::TransportCode)
      .kwarg("lane_stride", KwargKind::Int)
      .kwarg("id", KwargKind::Int, int64_t{0})
      .deduce([](const CallInfo& c) { return DeducePush(c, /*to_aiv=*/true); })
      .core_affinity(CoreAffinity::CUBE)
      .cross_core_role(CrossCoreRole::TPush)
      .no_result()
      .doc(
          "No result: the cube side of a C->V transfer, pushing the tile under transport code "
          "split");

  r.Register("tile.tpop_from_aic")
      .pipe_direction(PipeDirection::C2V)
      .req_kwarg("split", KwargKind::TransportCode)
      .kwarg("lane_stride", KwargKind::Int)
      .kwarg("id", KwargKind::Int, int64_t{0})
      .deduce(DeducePop)
      .output_memory_fixed(MemorySpace::Vec)  // the consuming lane's space; the parser checks it
      .core_affinity(CoreAffinity::VECTOR)
      .cross_core_role(CrossCoreRole::TPop)
      .doc(
          "The popped Vec tile of a C->V transfer; its type comes from the annotation or the "
          "builder");

  r.Register("tile.tpush_to_aic")
      .pipe_direction(PipeDirection::V2C)
      .arg("tile")
      .req_kwarg("split", KwargKind::TransportCode)
      .kwarg("id", KwargKind::Int, int64_t{0})
      .deduce([](const CallInfo& c) { return DeducePush(c, /*to_aiv=*/false); })
      .core_affinity(CoreAffinity::VECTOR)
      .cross_core_role(CrossCoreRole::TPush)
      .no_result()
      .doc("No result: the vector side of a V->C transfer, pushing the lane's tile");

  r.Register("tile.tpop_from_aiv")
      .pipe_direction(PipeDirection::V2C)
      .req_kwarg("split", KwargKind::TransportCode)
      .kwarg("id", KwargKind::Int, int64_t{0})
      .deduce(DeducePop)
      .output_memory_fixed(MemorySpace::Mat)  // the consuming lane's space; the parser checks it
      .core_affinity(CoreAffinity::CUBE)
      .cross_core_role(CrossCoreRole::TPop)
      .doc(
          "The popped Mat tile of a V->C transfer; its type comes from the annotation or the "
          "builder");

  r.Register("system.tfree_to_aic")
      .pipe_direction(PipeDirection::C2V)
      .arg("tile")
      .kwarg("split", KwargKind::TransportCode, int64_t{0})
      .kwarg("id", KwargKind::Int, int64_t{0})
      .deduce(DeduceFree)
      .core_affinity(CoreAffinity::VECTOR)
      .cross_core_role(CrossCoreRole::TFree)
      .no_result()
      .doc("No result: releases the buffer this lane popped from the AIC");

  r.Register("system.tfree_to_aiv")
      .pipe_direction(PipeDirection::V2C)
      .arg("tile")
      .kwarg("split", KwargKind::TransportCode, int64_t{0})
      .kwarg("id", KwargKind::Int, int64_t{0})
      .deduce(DeduceFree)
      .core_affinity(CoreAffinity::CUBE)
      .cross_core_role(CrossCoreRole::TFree)
      .no_result()
      .doc("No result: releases the buffer the AIC popped from the AIV");
}

}  // namespace tilesplit::ops
