// convert-tensor-to-tile-ops: tensor.expand_clone into its target (broadcast_into.h).
#include "broadcast_into.h"

#include <optional>

#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::pass::to_tile {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::VarPtr;

namespace {

VarPtr Bind(std::vector<StmtPtr>& out, const std::string& name, ExprPtr value, ir::Span span) {
  VarPtr v = ir::MakeVar(name, value->type, span);
  out.push_back(ir::MakeAssign(v, std::move(value), span));
  return v;
}

// A load of the window `offsets` / `shape` of the GM tensor, valid where the window is.
ExprPtr Load(const ExprPtr& t, std::vector<ExprPtr> offsets, std::vector<ExprPtr> shape,
             ir::Span span) {
  return Build("tile.load", {t, TupleOf(offsets), TupleOf(shape), TupleOf(shape)}, {}, span);
}

// A tile of `shape` the expansion writes, placed by infer-tile-memory-space as PyPTO's is.
ExprPtr Canvas(const std::vector<ExprPtr>& shape, ir::DataType dt, ir::Span span) {
  return Build(ops::AllocationOp(), {TupleOf(shape)}, {{"dtype", dt}}, span);
}

}  // namespace

ExprPtr BroadcastInto(const ir::Call& c, const ops::TileForm& form, const ExprPtr& input,
                      const ExprPtr& target, std::vector<StmtPtr>& out, const std::string& kernel) {
  const ir::Span span = c.span;
  const ir::TensorType* in = TensorTypeOf(input);
  const ir::TensorType* to = TensorTypeOf(target);
  if (!in || !to)
    ir::ThrowUser(span,
                  c.op_name() + " inside InCore function '" + kernel + "' broadcasts into the " +
                      (to ? "input" : "target") +
                      " the kernel computed (a tile): the conversion loads the input and stores "
                      "into the target, both GM tensors",
                  {{ir::Span{}, "pass parameters (GM tensors) as the input and the target"}});
  const size_t rank = to->shape.size();
  std::optional<size_t> axis;
  for (size_t d = 0; d < rank; ++d) {
    if (ops::Static(in->shape[d]) != 1 || ops::Static(to->shape[d]) == 1) continue;
    if (axis)
      ir::ThrowUser(span,
                    c.op_name() + " broadcasts " + ops::Str(in->shape) + " to " +
                        ops::Str(to->shape) + " along two axes (" + std::to_string(*axis) +
                        " and " + std::to_string(d) + ") inside InCore function '" + kernel +
                        "'; its tile form expands one",
                    {{ir::Span{},
                      "split the broadcast in two: expand_clone into an intermediate "
                      "tensor with one unit axis first"}});
    axis = d;
  }
  const ir::DataType dt = to->dtype;
  const std::string stem = "expand_clone_d" + std::to_string(axis.value_or(0));
  std::vector<ExprPtr> zeros;
  for (size_t d = 0; d < rank; ++d) zeros.push_back(ir::Index(0));
  // The last axis (or none): one expansion of the whole, stored at the origin.
  if (!axis || (*axis == rank - 1 && rank >= 2)) {
    VarPtr loaded = Bind(out, "expand_clone_input", Load(input, zeros, in->shape, span), span);
    ExprPtr whole = loaded;
    if (axis) {
      VarPtr canvas = Bind(out, stem + "_target", Canvas(to->shape, dt, span), span);
      whole = Bind(out, stem + "_row", Build(form.row_broadcast, {canvas, loaded}, {}, span), span);
    }
    return Build("tile.store", {whole, TupleOf(zeros), target}, {}, span);
  }
  if (*axis != 0 && !(*axis == 1 && rank == 3))
    ir::ThrowUser(span,
                  c.op_name() + " broadcasts along axis " + std::to_string(*axis) + " of a rank " +
                      std::to_string(rank) + " tensor inside InCore function '" + kernel +
                      "'; its tile form expands the first, the last, or (rank 3) the middle axis",
                  {{ir::Span{},
                    "reshape the input and the target so that the broadcast axis is "
                    "one of those"}});
  // The first axis, or the middle one of rank 3: a loop over the first axis carrying the target.
  const VarPtr i = ir::MakeVar("i", ir::MakeScalarType(ir::DataType::INDEX), span);
  const VarPtr acc = ir::MakeVar("expand_clone_acc", target->type, span);
  std::vector<StmtPtr> body;
  std::vector<ExprPtr> at = zeros;
  at[0] = i;
  ExprPtr stored;
  if (*axis == 0) {
    VarPtr loaded = Bind(out, "expand_clone_input", Load(input, zeros, in->shape, span), span);
    stored = Bind(body, stem + "_store", Build("tile.store", {loaded, TupleOf(at), acc}, {}, span),
                  span);
  } else {
    std::vector<ExprPtr> slice = in->shape, canvas_shape = to->shape;
    slice[0] = canvas_shape[0] = ir::Index(1);
    VarPtr loaded = Bind(body, stem + "_input", Load(input, at, slice, span), span);
    VarPtr canvas = Bind(body, stem + "_target", Canvas(canvas_shape, dt, span), span);
    VarPtr col = Bind(body, stem + "_col", Build(form.op, {canvas, loaded}, {}, span), span);
    stored =
        Bind(body, stem + "_store", Build("tile.store", {col, TupleOf(at), acc}, {}, span), span);
  }
  body.push_back(ir::MakeYield({stored}, span));
  const VarPtr result = ir::MakeVar(stem + "_result", target->type, span);
  out.push_back(std::make_shared<ir::ForStmt>(
      i, ir::Index(0), to->shape[0], ir::Index(1), ir::ForKind::Range, 0,
      std::vector<ir::IterArg>{{acc, target}}, ir::MakeSeq(std::move(body), span),
      std::vector<VarPtr>{result}, span));
  return result;
}

}  // namespace tilesplit::pass::to_tile
