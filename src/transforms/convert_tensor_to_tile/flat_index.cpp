// convert-tensor-to-tile-ops: the flat-index tile forms (flat_index.h).
#include "flat_index.h"

#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::pass::to_tile {

using ir::DataType;
using ir::ExprPtr;

namespace {

// The most elements a 16-bit flat index addresses: the element count itself stays an INT16 (one
// below what indices 0..32767 could reach; PyPTO's bound, kept so that both refuse alike).
constexpr int64_t kInt16Max = 32767;

ExprPtr I32(int64_t v, ir::Span span) {
  return ir::MakeConstInt(v, DataType::INT32, span);
}

ExprPtr Cast(const ExprPtr& t, DataType to, ir::Span span) {
  return Build("tile.cast", {t}, {{"target_type", to}, {"mode", int64_t{0}}}, span);
}

}  // namespace

ExprPtr RowScatter(const ir::Call& c, const ops::TileForm& form, const std::vector<ExprPtr>& args,
                   const std::string& name, const BindFn& bind, const std::string& kernel) {
  const ir::Span span = c.span;
  const std::string where = " inside InCore function '" + kernel + "'";
  const ir::TileType* in = args.size() == 4 ? ir::TileTypeOf(args[0]) : nullptr;
  const ir::TileType* idx = in ? ir::TileTypeOf(args[2]) : nullptr;
  const ir::TileType* src = idx ? ir::TileTypeOf(args[3]) : nullptr;
  if (!src) ir::ThrowInternal(span, c.op_name() + ": operands were not converted to tiles");
  if (in->shape.size() != 2 || src->shape.size() != 2)
    ir::ThrowUser(span,
                  c.op_name() +
                      ": only 2D input/src is currently supported by its tile form (input " +
                      ops::Str(in->shape) + ", src " + ops::Str(src->shape) + ")" + where,
                  {{ir::Span{},
                    "reshape the input to [rows, d] and src to [b * s, d] (pl.reshape) "
                    "before the update, and the result back after it"}});
  const auto m = ops::Static(in->shape[0]), d = ops::Static(in->shape[1]);
  const auto n = ops::Static(src->shape[0]);
  if (!m || !d || !n)
    ir::ThrowUser(span,
                  c.op_name() +
                      ": the tile form needs static shapes to build its flat indices, "
                      "got input " +
                      ops::Str(in->shape) + " and src " + ops::Str(src->shape) + where,
                  {{ir::Span{},
                    "give the input and src static shapes (a runtime row count can "
                    "be a valid shape, pl.tensor.slice(..., valid_shape=...))"}});
  // The scatter takes 32-bit indices for 4-byte data and 16-bit ones otherwise.
  const bool narrow = ir::DataTypeBits(in->dtype) != 32;
  if (narrow && *m * *d > kInt16Max)
    ir::ThrowUser(
        span,
        c.op_name() + ": the input " + ops::Str(in->shape) + " of " +
            std::string(ir::DataTypeName(in->dtype)) + " holds " + std::to_string(*m * *d) +
            " elements, past the i16 flat-index limit of a " +
            std::to_string(ir::DataTypeBits(in->dtype) / 8) + "-byte scatter (at most " +
            std::to_string(kInt16Max) + " elements)" + where,
        {{ir::Span{}, "update a window of at most " + std::to_string(kInt16Max) +
                          " elements at a time (pl.slice the input's rows, then pl.assemble), "
                          "or compute in a 4-byte dtype"}});
  ExprPtr index = args[2];
  if (idx->dtype != DataType::INT32)  // widened exactly: integer to a wider integer
    index = bind(name + "_index",
                 Build("tile.cast", {index},
                       {{"target_type", DataType::INT32}, {"mode", int64_t{0}}}, span));
  // Row r of src lands in input row index.flat[r]: its first flat element is that row times d.
  ExprPtr rows =
      bind(name + "_rows",
           Build("tile.reshape", {index, TupleOf({ir::Index(*n), ir::Index(1)})}, {}, span));
  ExprPtr base = bind(name + "_row_base", Build("tile.muls", {rows, I32(*d, span)}, {}, span));
  ExprPtr cols =
      bind(name + "_cols", Build("tile.ci", {I32(0, span), TupleOf({ir::Index(1), ir::Index(*d)})},
                                 {{"dtype", DataType::INT32}}, span));
  // The column offsets on every row: an expansion added onto a zero tile (the op reads its
  // target's elements, so they must be defined).
  ExprPtr zeros = bind(name + "_zeros",
                       Build("tile.full", {TupleOf({ir::Index(*n), ir::Index(*d)}), I32(0, span)},
                             {{"dtype", DataType::INT32}}, span));
  ExprPtr col_grid =
      bind(name + "_col_grid", Build("tile.col_expand_add", {zeros, cols}, {}, span));
  ExprPtr flat = bind(name + "_flat", Build("tile.row_expand_add", {col_grid, base}, {}, span));
  if (narrow)  // exact: every flat index is below 2^15, checked above
    flat = bind(
        name + "_flat16",
        Build("tile.cast", {flat}, {{"target_type", DataType::INT16}, {"mode", int64_t{0}}}, span));
  return Build(form.op, {args[0], args[3], flat}, {}, span);
}

namespace {

// The flat index `index + r * N` of every element of a [R, K] index into a [R', N] tile, in the
// index's own width (an INT16 index is widened for the arithmetic and narrowed back, exactly).
ExprPtr FlatIndices(const ir::Call& c, const ir::TileType& in, const ExprPtr& index_tile,
                    const std::string& name, const BindFn& bind, const std::string& kernel) {
  const ir::Span span = c.span;
  const ir::TileType* idx = ir::TileTypeOf(index_tile);
  const auto rows = ops::Static(idx->shape[0]), cols = ops::Static(in.shape[1]);
  if (in.shape.size() != 2 || idx->shape.size() != 2 || !rows || !cols)
    ir::ThrowUser(span,
                  c.op_name() +
                      ": the tile form needs a 2D input and index of static shapes to "
                      "build its flat indices, got input " +
                      ops::Str(in.shape) + " and index " + ops::Str(idx->shape) +
                      " inside InCore function '" + kernel + "'",
                  {{ir::Span{},
                    "give the input and the index static 2D shapes (a runtime row "
                    "count can be a valid shape)"}});
  ExprPtr index = index_tile;
  const DataType width = idx->dtype;
  if (width != DataType::INT32) index = bind(name + "_idx_i32", Cast(index, DataType::INT32, span));
  // Row r's elements start at r * N in the flattened input.
  ExprPtr seq = bind(name + "_ci_rows",
                     Build("tile.ci", {I32(0, span), TupleOf({ir::Index(1), ir::Index(*rows)})},
                           {{"dtype", DataType::INT32}, {"descending", false}}, span));
  ExprPtr arange =
      bind(name + "_row_arange",
           Build("tile.reshape", {seq, TupleOf({ir::Index(*rows), ir::Index(1)})}, {}, span));
  ExprPtr base = bind(name + "_row_base", Build("tile.muls", {arange, I32(*cols, span)}, {}, span));
  ExprPtr flat = bind(name + "_flat_idx", Build("tile.row_expand_add", {index, base}, {}, span));
  if (width != DataType::INT32) flat = bind(name + "_flat_idx_narrow", Cast(flat, width, span));
  return flat;
}

// A tile of `shape` every element of which is `v` (an integer or a float constant by dtype).
ExprPtr Filled(const std::vector<ExprPtr>& shape, DataType dt, int64_t v, ir::Span span) {
  ExprPtr value = ir::IsFloat(dt) ? ir::MakeConstFloat(static_cast<double>(v), DataType::FP32, span)
                                  : I32(v, span);
  return Build("tile.full", {TupleOf(shape), value}, {{"dtype", dt}}, span);
}

}  // namespace

ExprPtr FlatGather(const ir::Call& c, const ops::TileForm& form, const std::vector<ExprPtr>& args,
                   const std::string& name, const BindFn& bind, const std::string& kernel) {
  const ir::Span span = c.span;
  const ir::TileType* in = args.size() == 3 ? ir::TileTypeOf(args[0]) : nullptr;
  const ir::TileType* idx = in ? ir::TileTypeOf(args[2]) : nullptr;
  if (!idx) ir::ThrowInternal(span, c.op_name() + ": operands were not converted to tiles");
  ExprPtr flat = FlatIndices(c, *in, args[2], name, bind, kernel);
  ExprPtr tmp =
      bind(name + "_tmp",
           Build(ops::AllocationOp(), {TupleOf(idx->shape)},
                 {{"dtype", ir::TileTypeOf(flat)->dtype}, {"target_memory", ir::MemorySpace::Vec}},
                 span));
  return Build(form.op, {args[0], flat, tmp}, {}, span);
}

ExprPtr FlatScatter(const ir::Call& c, const ops::TileForm& form, const std::vector<ExprPtr>& args,
                    const std::string& name, const BindFn& bind, const std::string& kernel) {
  const ir::Span span = c.span;
  const ir::TileType* in = args.size() == 4 ? ir::TileTypeOf(args[0]) : nullptr;
  const ir::TileType* src = in ? ir::TileTypeOf(args[3]) : nullptr;
  if (!src || !ir::TileTypeOf(args[2]))
    ir::ThrowInternal(span, c.op_name() + ": operands were not converted to tiles");
  const auto total = ops::StaticProduct(in->shape);
  // The scatter takes 32-bit indices for 4-byte data and 16-bit ones otherwise.
  ExprPtr index = args[2];
  const DataType want = ir::DataTypeBits(in->dtype) == 32 ? DataType::INT32 : DataType::INT16;
  if (want == DataType::INT16 && total && *total > kInt16Max)
    ir::ThrowUser(
        span,
        c.op_name() + ": the input " + ops::Str(in->shape) + " holds " + std::to_string(*total) +
            " elements, past the i16 flat-index limit of a 2-byte scatter (at most " +
            std::to_string(kInt16Max) + " elements) inside InCore function '" + kernel + "'",
        {{ir::Span{}, "scatter into a window of at most " + std::to_string(kInt16Max) +
                          " elements at a time, or compute in a 4-byte dtype"}});
  ExprPtr flat = FlatIndices(c, *in, index, name, bind, kernel);
  if (ir::TileTypeOf(flat)->dtype != want)  // exact: below 2^15, checked above
    flat = bind(name + "_flat_idx_" + (want == DataType::INT16 ? "i16" : "i32"),
                Cast(flat, want, span));
  // The values and a mask of ones scattered into zero tiles; the input stays where no source
  // element landed (the mask still zero there).
  ExprPtr values = bind(
      name + "_values",
      Build(form.op,
            {bind(name + "_values_base", Filled(in->shape, in->dtype, 0, span)), args[3], flat}, {},
            span));
  ExprPtr ones = bind(name + "_ones", Filled(src->shape, in->dtype, 1, span));
  ExprPtr mask = bind(
      name + "_mask",
      Build(form.op, {bind(name + "_mask_base", Filled(in->shape, in->dtype, 0, span)), ones, flat},
            {}, span));
  ExprPtr zero =
      ir::IsFloat(in->dtype) ? ir::MakeConstFloat(0.0, DataType::FP32, span) : I32(0, span);
  ExprPtr untouched =
      bind(name + "_untouched", Build("tile.cmps", {mask, zero}, {{"cmp_type", int64_t{0}}}, span));
  ExprPtr tmp = bind(name + "_sel_tmp",
                     Build(ops::AllocationOp(), {TupleOf(in->shape)},
                           {{"dtype", in->dtype}, {"target_memory", ir::MemorySpace::Vec}}, span));
  return Build("tile.sel", {untouched, args[0], values, tmp}, {}, span);
}

ExprPtr FlatIndexForm(const ir::Call& c, const ops::TileForm& form,
                      const std::vector<ExprPtr>& args, const std::string& name, const BindFn& bind,
                      const std::string& kernel) {
  switch (form.kind) {
    case ops::TileForm::Kind::RowScatter:
      return RowScatter(c, form, args, name, bind, kernel);
    case ops::TileForm::Kind::FlatGather:
      return FlatGather(c, form, args, name, bind, kernel);
    case ops::TileForm::Kind::FlatScatter:
      return FlatScatter(c, form, args, name, bind, kernel);
    default:
      ir::ThrowInternal(c.span, c.op_name() + ": not a flat-index tile form");
  }
}

}  // namespace tilesplit::pass::to_tile
