// PyPTO's tensor-level gather and scatter along the last axis (torch.gather / torch.scatter with
// dim=-1, the forms PyPTO's ConvertTensorToTileOps lowers): `tensor.gather(input, dim, index)`
// reads input[r, index[r, j]], `tensor.scatter(input, dim, index, src)` writes src[r, j] to
// input[r, index[r, j]]. Their tile-level lowering (a flat index tile feeding tile.gather /
// tile.scatter) is a conversion of convert-tensor-to-tile-ops that is not written yet, so their
// tile form is none: inside an InCore function they are refused where they stand.
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
  RequireDType(c, 2, idx.dtype, {DataType::INT32});
  if (idx.shape.size() != 2 || ProvablyLess(in.shape[0], idx.shape[0]))
    c.Fail("argument 'index' shape " + Str(idx.shape) + " must be rank 2 with at most the " +
               Str(in.shape[0]) + " rows of the input",
           "give one row of indices per input row ([R, K])");
  RequireLastAxis(c);
}

}  // namespace

void RegisterTensorGatherOps(OpRegistry& r) {
  r.Register("tensor.gather")
      .tile_form({TileForm::Kind::None})
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
      .tile_form({TileForm::Kind::None})
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
}

}  // namespace tilesplit::ops
