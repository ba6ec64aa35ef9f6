// Compare and sort (ops.md 2.7): tile.gather_compare, tile.mrgsort_format2.
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

TypePtr DeduceGatherCompare(const CallInfo& c) {
  const ir::TileType& src = c.tile_arg(0);
  RequireRank(c, 0, src, 2);
  RequireDType(c, 0, src.dtype, {DataType::FP16, DataType::FP32, DataType::INT16, DataType::INT32});
  DataType k = ScalarArg(c, 1);
  if (ir::IsFloat(k) != ir::IsFloat(src.dtype))
    c.Fail("argument 'kvalue' dtype " + std::string(ir::DataTypeName(k)) +
           " does not match src dtype " + std::string(ir::DataTypeName(src.dtype)));
  c.tile_arg(2);
  int64_t mode = RequiredInt(c, "cmp_mode");
  if (mode < 0 || mode > 5) c.Fail("kwarg 'cmp_mode' must be in 0..5, got " + std::to_string(mode));
  int64_t out_cols = RequiredInt(c, "out_cols");
  if (out_cols <= 0) c.Fail("kwarg 'out_cols' must be > 0, got " + std::to_string(out_cols));
  DataType count = c.dtype_kwarg("count_dtype").value_or(DataType::INT32);
  if (count != DataType::INT32 && count != DataType::UINT32)
    c.Fail("kwarg 'count_dtype' " + std::string(ir::DataTypeName(count)) +
           " must be INT32 or UINT32");
  const ExprPtr& rows = src.shape[0];
  Shape dst_shape{rows, ir::Index(out_cols)};
  ir::TileView dv = LayoutOf(src);
  auto dst = ir::MakeTileType(dst_shape, DataType::INT32, std::nullopt, dv);
  Shape cnt_shape{ir::Index(1), rows};
  ir::TileView cv = ImplicitView(cnt_shape, std::nullopt, {});
  cv.blayout = ir::TileLayout::row_major;
  auto cdst = ir::MakeTileType(cnt_shape, count, std::nullopt, cv);
  return ir::MakeTupleType({dst, cdst});
}

TypePtr DeduceMrgSort(const CallInfo& c) {
  size_t n = c.num_args();
  const ir::TileType& src0 = c.tile_arg(0);
  RequireDType(c, 0, src0.dtype, {DataType::FP16, DataType::FP32});
  for (size_t i = 1; i + 1 < n; ++i) RequireSameDType(c, i, c.tile_arg(i).dtype, 0, src0.dtype);
  const ir::TileType& tmp = c.tile_arg(n - 1);
  ir::TileView v = LayoutOf(src0);
  return ir::MakeTileType(tmp.shape, src0.dtype, std::nullopt, v);
}

}  // namespace

void RegisterSortOps(OpRegistry& r) {
  r.Register("tile.gather_compare")
      .arg("src")
      .arg("kvalue")
      .arg("tmp")
      .req_kwarg("cmp_mode", KwargKind::Int)
      .req_kwarg("out_cols", KwargKind::Int)
      .kwarg("offset", KwargKind::Int, int64_t{0})
      .kwarg("count_dtype", KwargKind::DType, DataType::INT32)
      .deduce(DeduceGatherCompare)
      .input_memory(0, {MemorySpace::Vec})
      .input_memory(2, {MemorySpace::Vec})
      .output_memory_fixed(MemorySpace::Vec)
      .doc(
          "Tuple(dst: [rows, out_cols] INT32, offset + each valid column j of the row where "
          "src CMP kvalue (cmp_mode 0..5: EQ, NE, LT, LE, GT, GE), cdst: [1, rows] count_dtype "
          "per-row match counts)");

  OpDef& m = r.Register("tile.mrgsort_format2");
  // Names for messages: the last positional argument is always tmp.
  m.arg("src0").arg("src1").arg("src2").arg("src3").arg("tmp").variadic(3, 5);
  for (size_t i = 0; i < 5; ++i) m.input_memory(i, {MemorySpace::Vec});
  m.kwarg("exhausted", KwargKind::Bool, false)
      .deduce(DeduceMrgSort)
      .output_memory_fixed(MemorySpace::Vec)
      // Every list is read whole, so no axis of a list can be split between the lanes.
      .combines(CombinedOperands::AllButLast, CombinedAxes::All, "merges across")
      .doc(
          "The merge of the non-increasing lists (each src's valid elements; ties keep list "
          "order): tmp's shape (tmp is last), src0's dtype and layout, fully valid");
}

}  // namespace tilesplit::ops
