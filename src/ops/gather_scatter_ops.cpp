// Gather, scatter and select (ops.md 2.5).
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

int Bytes(DataType dt) {
  return ir::DataTypeBits(dt) / 8;
}

TypePtr DeduceGatherRow(const CallInfo& c) {
  const ir::TileType& dst = c.tile_arg(0);
  const ir::TensorType& src = c.tensor_arg(1);
  if (dst.memory && *dst.memory != MemorySpace::Vec && *dst.memory != MemorySpace::Mat)
    c.Fail("argument 'dst' must live in Vec or Mat, got " +
           std::string(ir::MemorySpaceName(*dst.memory)));
  RequireSameDType(c, 1, src.dtype, 0, dst.dtype);
  RequireIntegerElements(c, 2, TupleOfRank(c, 2, static_cast<int64_t>(dst.shape.size())));
  RequireIntegerElements(c, 3, TupleOfRank(c, 3, static_cast<int64_t>(src.shape.size())));
  const Shape& shapes = c.tuple_arg(4);
  RequireStaticPositive(c, 4, shapes);
  if (c.has_arg(5)) {
    const Shape& valid = TupleOfRank(c, 5, static_cast<int64_t>(shapes.size()));
    RequireIntegerElements(c, 5, valid);
    bool transpose = c.bool_kwarg("transpose").value_or(false);
    for (size_t d = 0; d < valid.size(); ++d) {
      auto v = Static(valid[d]);
      if (transpose && !v)
        c.Fail("argument 'valid_shape' " + Str(valid) + " must be static with transpose=True");
      if (v && (*v < 0 || *v > *Static(shapes[d])))
        c.Fail("argument 'valid_shape' " + Str(valid) + " must lie within shapes " + Str(shapes));
    }
  }
  return c.arg(0)->type;
}

TypePtr DeduceGather(const CallInfo& c) {
  const ir::TileType& src = c.tile_arg(0);
  const ir::TileType& idx = c.tile_arg(1);
  c.tile_arg(2);
  RequireDType(c, 0, src.dtype, {DataType::FP16, DataType::FP32, DataType::INT16, DataType::INT32});
  if (idx.dtype == DataType::INT16) {
    if (ir::DataTypeBits(src.dtype) != 16)
      c.Fail("argument 'indices' dtype INT16 needs a 16-bit src, got " +
             std::string(ir::DataTypeName(src.dtype)));
  } else {
    RequireDType(c, 1, idx.dtype, {DataType::INT32, DataType::INT16});
  }
  ir::TileView v = LayoutOf(src);
  return ir::MakeTileType(idx.shape, src.dtype, std::nullopt, v);
}

TypePtr DeduceGatherB(const CallInfo& c) {
  const ir::TileType& src = c.tile_arg(0);
  const ir::TileType& off = c.tile_arg(1);
  RequireRank(c, 0, src, 2);
  RequireRank(c, 1, off, 2);
  RequireDType(c, 0, src.dtype,
               {DataType::INT8, DataType::UINT8, DataType::INT16, DataType::UINT16, DataType::INT32,
                DataType::UINT32, DataType::FP16, DataType::BF16, DataType::FP32});
  RequireDType(c, 1, off.dtype, {DataType::UINT32});
  auto cols = Static(off.shape[1]);
  if (!cols || *cols % 8 != 0)
    c.Fail("argument 'offset' columns " + Str(off.shape[1]) + " must be a static multiple of 8");
  DataType out = c.dtype_kwarg("output_dtype").value_or(src.dtype);
  int bytes = Bytes(out);
  if (bytes != 1 && bytes != 2 && bytes != 4)
    c.Fail("kwarg 'output_dtype' " + std::string(ir::DataTypeName(out)) +
           " must be 1, 2 or 4 bytes wide");
  int64_t scale = 32 / bytes;
  Shape shape{off.shape[0], ConstLike(*cols * scale, off.shape[1])};
  const Shape& ov = off.valid();
  Shape valid{ov[0], ir::Mul(ov[1], ConstLike(scale, ov[1]))};
  ir::TileView v = ImplicitView(shape, std::nullopt, valid);
  v.blayout = ir::TileLayout::row_major;
  return ir::MakeTileType(shape, out, std::nullopt, v);
}

TypePtr DeduceScatter(const CallInfo& c) {
  const ir::TileType& dst = c.tile_arg(0);
  const ir::TileType& src = c.tile_arg(1);
  const ir::TileType& idx = c.tile_arg(2);
  RequireRank(c, 1, src, 2);
  RequireRank(c, 2, idx, 2);
  RequireDType(c, 0, dst.dtype,
               {DataType::INT8, DataType::INT16, DataType::INT32, DataType::FP16, DataType::FP32,
                DataType::BF16});
  RequireSameDType(c, 1, src.dtype, 0, dst.dtype);
  DataType want = Bytes(dst.dtype) == 4 ? DataType::INT32 : DataType::INT16;
  if (idx.dtype != want)
    c.Fail("argument 'indexes' dtype " + std::string(ir::DataTypeName(idx.dtype)) + " must be " +
           std::string(ir::DataTypeName(want)) + " for a " + std::to_string(Bytes(dst.dtype)) +
           "-byte dst");
  if (!AllStatic(idx.shape) || !ShapesProvablyEqual(idx.shape, src.shape))
    c.Fail("argument 'indexes' shape " + Str(idx.shape) + " must equal src shape " +
           Str(src.shape) + " statically");
  return c.arg(0)->type;
}

TypePtr DeduceScatterUpdate(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  const ir::TileType& idx = c.tile_arg(1);
  const ir::TileType& src = c.tile_arg(2);
  if (c.int_kwarg("dim").value_or(-2) != -2)
    c.Fail("kwarg 'dim' must be -2, got " + std::to_string(*c.int_kwarg("dim")));
  size_t rank = in.shape.size();
  if (rank != 2 && rank != 4)
    c.Fail("argument 'input' must be 2D [rows, d] or 4D [blocks, bsize, 1, d], got " +
           Str(in.shape));
  if (rank == 4 && Static(in.shape[2]) != 1)
    c.Fail("argument 'input' 4D shape " + Str(in.shape) + " must have 1 in dim 2");
  RequireRank(c, 1, idx, 2);
  if (!ir::IsInteger(idx.dtype))
    c.Fail("argument 'index' dtype " + std::string(ir::DataTypeName(idx.dtype)) +
           " must be an integer");
  RequireRank(c, 2, src, rank);
  RequireSameDType(c, 2, src.dtype, 0, in.dtype);
  // src rows = b * s (2D: dim 0; 4D: dims 0 and 1 together), src width = d.
  auto bs = StaticProduct(idx.shape);
  auto rows = StaticProduct(rank == 2 ? Shape{src.shape[0]} : Shape{src.shape[0], src.shape[1]});
  if (bs && rows && *bs != *rows)
    c.Fail("argument 'src' shape " + Str(src.shape) + " must hold b * s = " + std::to_string(*bs) +
           " rows for index shape " + Str(idx.shape));
  if (rank == 4 && Static(src.shape[2]) != 1)
    c.Fail("argument 'src' 4D shape " + Str(src.shape) + " must have 1 in dim 2");
  if (ProvablyDifferent(src.shape.back(), in.shape.back()))
    c.Fail("argument 'src' width " + Str(src.shape.back()) + " must equal input width " +
           Str(in.shape.back()));
  return c.arg(0)->type;
}

TypePtr DeduceSel(const CallInfo& c) {
  c.tile_arg(0);
  c.tile_arg(3);
  return DeduceBroadcastBinary(c, 1, 2);
}

TypePtr DeduceSels(const CallInfo& c) {
  const ir::TileType& mask = c.tile_arg(0);
  const ir::TileType& src = c.tile_arg(1);
  const ir::TileType& tmp = c.tile_arg(2);
  RequireRank(c, 0, mask, 2);
  RequireRank(c, 1, src, 2);
  RequireRank(c, 2, tmp, 2);
  RequireDType(c, 0, mask.dtype,
               {DataType::INT8, DataType::UINT8, DataType::INT16, DataType::UINT16, DataType::INT32,
                DataType::UINT32});
  RequireDType(c, 1, src.dtype,
               {DataType::INT8, DataType::UINT8, DataType::INT16, DataType::UINT16, DataType::INT32,
                DataType::UINT32, DataType::FP16, DataType::FP32});
  DataType sdt = ScalarArg(c, 3);
  // Literals carry INDEX / FP32; the scalar only has to be of the src's kind.
  if (ir::IsFloat(src.dtype) != ir::IsFloat(sdt) || !(ir::IsFloat(sdt) || ir::IsInteger(sdt)))
    c.Fail("argument 'scalar' dtype " + std::string(ir::DataTypeName(sdt)) +
           " does not match src dtype " + std::string(ir::DataTypeName(src.dtype)));
  const Shape &mv = mask.valid(), &sv = src.valid();
  if (ProvablyLess(mv[0], sv[0]))
    c.Fail("argument 'mask' valid rows " + Str(mv[0]) + " do not cover src valid rows " +
           Str(sv[0]));
  auto mc = Static(mv[1]), scols = Static(sv[1]);
  if (mc && scols && *mc * Bytes(mask.dtype) < (*scols + 7) / 8)
    c.Fail("argument 'mask' row of " + std::to_string(*mc * Bytes(mask.dtype)) +
           " bytes does not cover " + std::to_string(*scols) + " src valid columns");
  return c.arg(1)->type;
}

OpDef& VecOp(OpRegistry& r, const std::string& name, size_t vec_inputs) {
  OpDef& d = r.Register(name);
  for (size_t i = 0; i < vec_inputs; ++i) d.input_memory(i, {MemorySpace::Vec});
  d.output_memory_fixed(MemorySpace::Vec);
  return d;
}

}  // namespace

void RegisterGatherScatterOps(OpRegistry& r) {
  r.Register("tile.gather_row")
      .arg("dst")
      .arg("src")
      .arg("dst_offset")
      .arg("src_offset")
      .arg("shapes")
      .opt_arg("valid_shape")
      .kwarg("transpose", KwargKind::Bool, false)
      .deduce(DeduceGatherRow)
      .reuses_input(0)
      .address_args({3})
      .doc(
          "dst's type unchanged (DPS): a shapes window of src at src_offset lands in dst at "
          "dst_offset");

  VecOp(r, "tile.gather", 3)
      .arg("src")
      .arg("indices")
      .arg("tmp")
      .deduce(DeduceGather)
      .lane_invariant_arg(0, LaneInvariantKind::IndexAddressedSource)
      .lane_invariant_arg(2, LaneInvariantKind::Scratch)
      .doc(
          "Tile[indices' shape, src dtype], fully valid, src's layout: out[i] = "
          "src[indices[i]]");

  VecOp(r, "tile.gatherb", 2)
      .arg("src")
      .arg("offset")
      .kwarg("output_dtype", KwargKind::DType)
      .deduce(DeduceGatherB)
      .lane_invariant_arg(0, LaneInvariantKind::IndexAddressedSource)
      .doc(
          "[offset rows, offset cols * 32 / bytes(output_dtype)] of output_dtype, valid scaled "
          "from offset's, row_major: each offset names a 32-byte aligned block of src's bytes");

  VecOp(r, "tile.scatter", 3)
      .arg("dst")
      .arg("src")
      .arg("indexes")
      .deduce(DeduceScatter)
      .reuses_input(0)
      .lane_invariant_arg(0, LaneInvariantKind::AbsoluteIndexedDestination)
      .doc(
          "dst's type (DPS): dst.flat[indexes[i, j]] = src[i, j]; indexes statically shaped "
          "like src");

  VecOp(r, "tile.scatter_update", 3)
      .arg("input")
      .arg("index")
      .arg("src")
      .kwarg("dim", KwargKind::Int, int64_t{-2})
      .deduce(DeduceScatterUpdate)
      .reuses_input(0)
      .lane_invariant_arg(0, LaneInvariantKind::AbsoluteIndexedDestination)
      .doc(
          "input's type (DPS): the b * s rows of src (width d) overwrite the input rows that "
          "index [b, s] names");

  VecOp(r, "tile.sel", 4)
      .arg("mask")
      .arg("lhs")
      .arg("rhs")
      .arg("tmp")
      .deduce(DeduceSel)
      .lane_invariant_arg(3, LaneInvariantKind::Scratch)
      .bit_mask_arg(0, 1)
      .doc(
          "bit mask ? lhs : rhs per element (bit j of mask row r for column j): promoted dtype, "
          "broadcast shape, valid and layout from lhs");

  VecOp(r, "tile.sels", 3)
      .arg("mask")
      .arg("src")
      .arg("tmp")
      .arg("scalar")
      .deduce(DeduceSels)
      .lane_invariant_arg(2, LaneInvariantKind::Scratch)
      .bit_mask_arg(0, 1)
      .doc(
          "bit mask ? src : scalar per element (bit j of mask row r for column j): src's type; the "
          "mask covers src's valid rows and one bit per valid column");
}

}  // namespace tilesplit::ops
