// PyPTO's tensor-level gather and scatter along the last axis (torch.gather / torch.scatter with
// dim=-1, the forms PyPTO's ConvertTensorToTileOps lowers): `tensor.gather(input, dim, index)`
// reads input[r, index[r, j]], `tensor.scatter(input, dim, index, src)` writes src[r, j] to
// input[r, index[r, j]]. The gather's tile form is tile.gather at flat indices (FlatGather), the
// scatter's tile.scatter at the same flat indices, blended into the input (FlatScatter).
#include <string>

#include "sections.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;

namespace {

// dim is -1 or 1 (the last axis of a rank-2 tensor), the MVP PyPTO lowers.
void RequireLastAxis(const CallInfo& c) {
  const ExprPtr& d = c.arg(1);
  const std::optional<int64_t> dim = Static(d);
  if (!dim || (*dim != -1 && *dim != 1))
    c.Fail("argument 'dim' must be -1 (the last axis), got " + Str(d),
           "gather along the last axis (dim=-1); transpose the tensor first for the other one");
}

// input [R, N] of a vector dtype and index [R', K] of INT32 with R' <= R.
void RequireOperands(const CallInfo& c) {
  const ir::TensorType& in = c.tensor_arg(0);
  const ir::TensorType& idx = c.tensor_arg(2);
  if (in.shape.size() != 2)
    c.Fail("argument 'input' must have rank 2, got " + Str(in.shape),
           "reshape the input to rank 2 first");
  RequireDType(c, 0, in.dtype, {DataType::FP16, DataType::FP32, DataType::INT16, DataType::INT32});
  // An INT16 index may address the row of a 16-bit input (the vector gather's narrow form).
  if (idx.dtype != DataType::INT16 || ir::DataTypeBits(in.dtype) != 16)
    RequireDType(c, 2, idx.dtype, {DataType::INT32});
  if (idx.shape.size() != 2 || ProvablyLess(in.shape[0], idx.shape[0]))
    c.Fail("argument 'index' shape " + Str(idx.shape) + " must be rank 2 with at most the " +
               Str(in.shape[0]) + " rows of the input",
           "give one row of indices per input row ([R, K])");
  RequireLastAxis(c);
}

TypePtr DeduceScatterUpdate(const CallInfo& c) {
  const ExprPtr& d = c.arg(1);
  if (Static(d) != -2)
    c.Fail("argument 'dim' must be -2 (whole rows), got " + Str(d),
           "write whole rows (dim=-2); pl.scatter writes elements along the last axis");
  const ir::TensorType& in = c.tensor_arg(0);
  const ir::TensorType& idx = c.tensor_arg(2);
  const ir::TensorType& src = c.tensor_arg(3);
  const size_t rank = in.shape.size();
  if (rank != 2 && !(rank == 4 && Static(in.shape[2]) == 1))
    c.Fail(
        "argument 'input' must be 2D [rows, d] or 4D [blocks, bsize, 1, d], got " + Str(in.shape),
        "reshape the input to [rows, d]");
  if (idx.shape.size() != 2 || !ir::IsInteger(idx.dtype))
    c.Fail("argument 'index' must be a 2D [b, s] tensor of an integer dtype, got " +
               Str(c.arg(2)->type),
           "give one row index per src row, shaped [b, s]");
  if (src.shape.size() != rank || (rank == 4 && Static(src.shape[2]) != 1))
    c.Fail("argument 'src' shape " + Str(src.shape) + " must have the input's rank " +
               std::to_string(rank) + (rank == 4 ? " with 1 in dim 2" : ""),
           "give src the input's layout: [b * s, d] or [b, s, 1, d]");
  RequireSameDType(c, 3, src.dtype, 0, in.dtype);
  const auto bs = StaticProduct(idx.shape);
  const auto rows =
      StaticProduct(rank == 2 ? Shape{src.shape[0]} : Shape{src.shape[0], src.shape[1]});
  if (bs && rows && *bs != *rows)
    c.Fail("argument 'src' shape " + Str(src.shape) + " must hold b * s = " + std::to_string(*bs) +
               " rows for index shape " + Str(idx.shape),
           "give src one row per index");
  if (ProvablyDifferent(src.shape.back(), in.shape.back()))
    c.Fail("argument 'src' width " + Str(src.shape.back()) + " must equal the input's width " +
               Str(in.shape.back()),
           "give src rows as wide as the input's");
  return TypePtr(ir::MakeTensorType(in.shape, in.dtype));
}

}  // namespace

void RegisterTensorGatherOps(OpRegistry& r) {
  r.Register("tensor.gather")
      .tile_form({TileForm::Kind::FlatGather, "tile.gather"})
      .arg("input")
      .arg("dim")
      .arg("index")
      .deduce([](const CallInfo& c) {
        RequireOperands(c);
        const ir::TensorType& idx = c.tensor_arg(2);
        return TypePtr(ir::MakeTensorType(idx.shape, c.tensor_arg(0).dtype));
      })
      .doc(
          "out[r, j] = input[r, index[r, j]] along the last axis (dim=-1) of a rank-2 input, "
          "INT32 indices: the index's shape, the input's dtype; an index outside the row is a "
          "run-time fault");
  r.Register("tensor.scatter")
      .tile_form({TileForm::Kind::FlatScatter, "tile.scatter"})
      .arg("input")
      .arg("dim")
      .arg("index")
      .arg("src")
      .deduce([](const CallInfo& c) {
        RequireOperands(c);
        const ir::TensorType& src = c.tensor_arg(3);
        RequireSameDType(c, 3, src.dtype, 0, c.tensor_arg(0).dtype);
        if (!ShapesProvablyEqual(src.shape, c.tensor_arg(2).shape))
          c.Fail("argument 'src' shape " + Str(src.shape) + " must equal the index's shape " +
                     Str(c.tensor_arg(2).shape),
                 "give one source element per index");
        return TypePtr(ir::MakeTensorType(c.tensor_arg(0).shape, c.tensor_arg(0).dtype));
      })
      .doc(
          "A copy of input with input[r, index[r, j]] = src[r, j] along the last axis (dim=-1), "
          "in row-major order (a repeated index keeps the last write): the input's shape and "
          "dtype");
  // PyPTO's scatter_update(input, dim, index, src): whole rows, as tile.scatter_update computes
  // them; its tile form writes the rows' elements with tile.scatter at flat indices.
  r.Register("tensor.scatter_update")
      .tile_form({TileForm::Kind::RowScatter, "tile.scatter"})
      .arg("input")
      .arg("dim")
      .arg("index")
      .arg("src")
      .deduce(DeduceScatterUpdate)
      .doc(
          "A copy of input whose row index[i, j] (dim=-2) is row i * s + j of src: input 2D "
          "[rows, d] or 4D [blocks, bsize, 1, d] (rows blocks * bsize), index [b, s] of an integer "
          "dtype, src b * s rows of width d; the input's type");
}

}  // namespace tilesplit::ops
