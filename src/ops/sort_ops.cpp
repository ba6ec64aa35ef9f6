// Compare and sort (ops.md 2.7): tile.gather_compare, TMRGSORT's two variants (pto-isa TMRGSORT:
// tile.mrgsort_format1, the single-list sort, and tile.mrgsort_format2, the merge of 2 to 4 lists,
// both over value-index pairs; PyPTO spells both pl.tile.mrgsort / pl.tensor.mrgsort), PyPTO's
// sort32 (pto-isa TSORT32); tile- and tensor-level.
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

// TMRGSORT's single-list variant: one row of 4 * block_len * repeats elements, each block of
// block_len elements a sorted run of pairs; the result has the source's type (tile: its valid
// region, in Vec). block_len is in elements, a multiple of 64.
TypePtr DeduceMrgSort1(const CallInfo& c, bool tensor) {
  const Shape& shape = tensor ? c.tensor_arg(0).shape : c.tile_arg(0).shape;
  const DataType dt = tensor ? c.tensor_arg(0).dtype : c.tile_arg(0).dtype;
  RequireDType(c, 0, dt, {DataType::FP16, DataType::FP32});
  if (shape.size() != 2 || Static(shape[0]) != 1)
    c.Fail("argument 'src' must be one row [1, N], got " + Str(shape),
           "reshape the sorted runs into one row first");
  const int64_t block = RequiredInt(c, "block_len");
  if (block <= 0 || block % 64 != 0)
    c.Fail("kwarg 'block_len' must be a positive multiple of 64, got " + std::to_string(block),
           "give block_len in elements: 64 is 32 FP32 pairs, 128 is 64");
  // TMRGSORT also needs the valid columns to be 1 to 255 groups of 4 * block_len; PyPTO types
  // any row (its conversion test sorts [1, 128] with block_len=64), so the simulator checks it
  // when it runs the sort, a located fault.
  const Shape valid = tensor ? shape : c.tile_arg(0).valid();
  if (tensor) return ir::MakeTensorType(shape, dt);
  ir::TileView v = ImplicitView(shape, std::nullopt, valid);
  v.blayout = LayoutOf(c.tile_arg(0)).blayout;
  return ir::MakeTileType(shape, dt, std::nullopt, v);
}

// TMRGSORT's merge at tensor level: 2 to 4 one-row tensors of one dtype; [1, sum of columns].
TypePtr DeduceTensorMrgSort2(const CallInfo& c) {
  const ir::TensorType& s0 = c.tensor_arg(0);
  RequireDType(c, 0, s0.dtype, {DataType::FP16, DataType::FP32});
  ExprPtr cols;
  for (size_t i = 0; i < c.num_args(); ++i) {
    const ir::TensorType& t = c.tensor_arg(i);
    RequireSameDType(c, i, t.dtype, 0, s0.dtype);
    if (t.shape.size() != 2 || Static(t.shape[0]) != 1)
      c.Fail("argument " + Quote(c.arg_name(i)) + " must be one row [1, N], got " + Str(t.shape),
             "reshape each sorted list into one row first");
    auto a = cols ? Static(cols) : std::nullopt, b = Static(t.shape[1]);
    cols = !cols ? t.shape[1] : a && b ? ConstLike(*a + *b, cols) : ir::Add(cols, t.shape[1]);
  }
  return ir::MakeTensorType({s0.shape[0], cols}, s0.dtype);
}

// TSORT32: values [R, C] (FP16 / FP32) with UINT32 indices [R, C] or [1, C] give the sorted
// value-index pairs of each 32-column block, 8 bytes a pair: [R, 2C] FP32, [R, 4C] FP16.
TypePtr DeduceSort32(const CallInfo& c, bool tensor) {
  const Shape& ss = tensor ? c.tensor_arg(0).shape : c.tile_arg(0).shape;
  const Shape& is = tensor ? c.tensor_arg(1).shape : c.tile_arg(1).shape;
  const DataType sd = tensor ? c.tensor_arg(0).dtype : c.tile_arg(0).dtype;
  const DataType id = tensor ? c.tensor_arg(1).dtype : c.tile_arg(1).dtype;
  RequireDType(c, 0, sd, {DataType::FP16, DataType::FP32});
  RequireDType(c, 1, id, {DataType::UINT32});
  if (ss.size() != 2)
    c.Fail("argument 'src' must have rank 2, got " + Str(ss), "reshape the values to rank 2 first");
  auto one = is.size() == 2 ? Static(is[0]) : std::nullopt;
  if (is.size() != 2 || !ProvablyEqual(is[1], ss[1]) ||
      !(ProvablyEqual(is[0], ss[0]) || (one && *one == 1)))
    c.Fail("argument 'idx' shape " + Str(is) + " must be the values' shape " + Str(ss) +
               " or one row [1, " + Str(ss[1]) + "]",
           "give one UINT32 index per value (pl.tile.ci builds a row of them)");
  const int64_t coef = sd == DataType::FP32 ? 2 : 4;
  auto widen = [coef](const ExprPtr& e) {
    if (auto n = Static(e)) return ConstLike(*n * coef, e);
    return ir::MakeBinary(ir::BinaryOp::Mul, e, ConstLike(coef, e));
  };
  // Without the scratch a block must be whole: TSORT32's three-operand form has no tail.
  const bool has_tmp = !tensor && c.has_arg(2);
  const Shape valid = tensor ? ss : c.tile_arg(0).valid();
  auto cols = Static(valid[1]);
  if (!has_tmp && (!cols || *cols % 32 != 0))
    c.Fail("the values' valid columns " + Str(valid[1]) +
               " are not a multiple of 32, and no tmp tile pads the last block",
           tensor ? "make the tensor's last axis a multiple of 32"
                  : "pass a tmp tile (pl.tile.sort32(src, idx, tmp)) to pad the last block");
  const Shape shape = {ss[0], widen(ss[1])};
  if (tensor) return ir::MakeTensorType(shape, sd);
  const Shape vout = {valid[0], widen(valid[1])};
  return ir::MakeTileType(shape, sd, std::nullopt, ImplicitView(shape, std::nullopt, vout));
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
          "TMRGSORT's merge of 2 to 4 lists of value-index pairs (each src's valid elements, "
          "sorted descending by value) into one descending list (ties: the earlier list first): "
          "tmp's shape (tmp is last), src0's dtype and layout, fully valid");

  for (bool tensor : {false, true}) {
    OpDef& d = r.Register(tensor ? "tensor.mrgsort_format1" : "tile.mrgsort_format1");
    d.arg("src").req_kwarg("block_len", KwargKind::Int, "a positive multiple of 64 (elements)");
    if (tensor) {
      d.tile_form(TileForm::Namesake("tensor.mrgsort_format1"));
    } else {
      d.input_memory(0, {MemorySpace::Vec}).output_memory_fixed(MemorySpace::Vec);
    }
    d.deduce([tensor](const CallInfo& c) { return DeduceMrgSort1(c, tensor); })
        // Each group of four blocks is merged whole.
        .combines(CombinedOperands::First, CombinedAxes::All, "merges across")
        .doc(
            "TMRGSORT's single-list sort: each group of four consecutive sorted blocks of "
            "block_len elements (value-index pairs, descending) merged into one descending run "
            "(ties: the earlier block first); the source's type");
  }

  TileForm merge = TileForm::Namesake("tensor.mrgsort_format2");
  merge.scratch = TileForm::Scratch::SumOfLastAxes;
  merge.scratch_name = "mrgsort2_tmp";
  OpDef& tm = r.Register("tensor.mrgsort_format2");
  tm.arg("src0").arg("src1").arg("src2").arg("src3").variadic(2, 4);
  tm.deduce(DeduceTensorMrgSort2)
      .tile_form(merge)
      .combines(CombinedOperands::All, CombinedAxes::All, "merges across")
      .doc(
          "TMRGSORT's merge of 2 to 4 one-row lists of value-index pairs, each sorted descending, "
          "into one descending list (ties: the earlier list first): [1, sum of the columns]");

  for (bool tensor : {false, true}) {
    OpDef& d = r.Register(tensor ? "tensor.sort32" : "tile.sort32");
    d.arg("src").arg("idx");
    if (tensor) {
      d.tile_form(TileForm::Namesake("tensor.sort32"));
    } else {
      d.opt_arg("tmp").lane_invariant_arg(2, LaneInvariantKind::Scratch);
      for (size_t i = 0; i < 3; ++i) d.input_memory(i, {MemorySpace::Vec});
      d.output_memory_fixed(MemorySpace::Vec);
    }
    d.deduce([tensor](const CallInfo& c) { return DeduceSort32(c, tensor); })
        // Each pair's place depends on the 32 values of its block.
        .combines(CombinedOperands::First, CombinedAxes::Last, "sorts across")
        .doc(
            "Each 32-column block of each row sorted by value, descending (ties: the smaller "
            "index first), as value-index pairs of 8 bytes: [R, 2C] FP32 (value, UINT32 index "
            "bits) or [R, 4C] FP16; idx is UINT32, [R, C] or [1, C]; tmp, optional, pads a "
            "last block of fewer than 32 valid columns");
  }
}

}  // namespace tilesplit::ops
