// Cube ops (ops.md 2.9): tile.matmul, tile.matmul_acc; and PyPTO's further cube ops (pto-isa
// TMATMUL_BIAS, TGEMV, TGEMV_ACC, TGEMV_BIAS): the product seeded with a bias row, and the
// matrix-vector forms, a matmul whose lhs is one row; tile.batch_matmul, a matmul per batch.
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

struct Product {
  Shape shape, valid;
  DataType dtype;
  bool lhs_rows_narrow;
};

// Checks lhs/rhs at positions il, il + 1 and returns the product's geometry.
Product CheckOperands(const CallInfo& c, size_t il) {
  size_t ir_ = il + 1;
  const ir::TileType& lhs = c.tile_arg(il);
  const ir::TileType& rhs = c.tile_arg(ir_);
  RequireRank(c, il, lhs, 2);
  RequireRank(c, ir_, rhs, 2);
  RequireSameDType(c, ir_, rhs.dtype, il, lhs.dtype);
  if (!ProvablyEqual(lhs.shape[1], rhs.shape[0]))
    c.Fail("argument " + Quote(c.arg_name(ir_)) + " shape " + Str(rhs.shape) +
           " has K = " + Str(rhs.shape[0]) + " but " + c.arg_name(il) + " shape " + Str(lhs.shape) +
           " has K = " + Str(lhs.shape[1]));
  const Shape &lv = lhs.valid(), &rv = rhs.valid();
  if (ProvablyLess(rv[0], lv[1]))
    c.Fail("argument " + Quote(c.arg_name(il)) + " valid K " + Str(lv[1]) + " exceeds " +
           c.arg_name(ir_) + " valid K " + Str(rv[0]));
  bool both_float = ir::IsFloat(lhs.dtype) && ir::IsFloat(rhs.dtype);
  return {{lhs.shape[0], rhs.shape[1]},
          {lv[0], rv[1]},
          both_float ? DataType::FP32 : DataType::INT32,
          !ProvablyEqual(lv[0], lhs.shape[0])};
}

TypePtr DeduceMatmul(const CallInfo& c) {
  Product p = CheckOperands(c, 0);
  ir::TileView v = ImplicitView(p.shape, MemorySpace::Acc, p.valid);
  if (p.lhs_rows_narrow) v.compact = ir::CompactMode::normal;
  return ir::MakeTileType(p.shape, p.dtype, MemorySpace::Acc, v);
}

TypePtr DeduceMatmulAcc(const CallInfo& c) {
  const ir::TileType& acc = c.tile_arg(0);
  RequireRank(c, 0, acc, 2);
  Product p = CheckOperands(c, 1);
  if (c.has_arg(3)) {
    auto dt = ir::ScalarDType(c.arg(3));
    if (dt != DataType::BOOL)
      c.Fail("argument 'init_cond' must be a BOOL scalar, got " + Str(c.arg(3)->type));
  }
  if (acc.dtype != p.dtype)
    c.Fail("argument 'acc' dtype " + std::string(ir::DataTypeName(acc.dtype)) +
           " must equal the product dtype " + std::string(ir::DataTypeName(p.dtype)));
  if (!ShapesProvablyEqual(acc.shape, p.shape))
    c.Fail("argument 'acc' shape " + Str(acc.shape) + " must equal the product shape " +
           Str(p.shape));
  for (size_t d = 0; d < 2; ++d)
    if (ProvablyLess(acc.valid()[d], p.valid[d]))
      c.Fail("argument 'acc' valid shape " + Str(acc.valid()) +
             " must cover the product valid shape " + Str(p.valid));
  ir::TileView v = ImplicitView(acc.shape, MemorySpace::Acc, acc.valid());
  v.compact = acc.EffectiveView().compact;
  return ir::MakeTileType(acc.shape, acc.dtype, MemorySpace::Acc, v);
}

// GEMV: the lhs is one row (TGEMV's m = 1).
void RequireOneRow(const CallInfo& c, size_t il) {
  const ir::TileType& lhs = c.tile_arg(il);
  auto rows = lhs.shape.size() == 2 ? Static(lhs.shape[0]) : std::nullopt;
  if (!rows || *rows != 1)
    c.Fail("argument " + Quote(c.arg_name(il)) + " " + Str(c.arg(il)->type) +
               " must be one row ([1, K]): a GEMV multiplies a vector by a matrix",
           "use tile.matmul (or matmul_acc / matmul_bias) for an lhs of several rows");
}

// The bias operand: one row [1, N] of the product's dtype, N the product's columns.
void RequireBias(const CallInfo& c, size_t ib, const Product& p) {
  const ir::TileType& bias = c.tile_arg(ib);
  RequireRank(c, ib, bias, 2);
  auto rows = Static(bias.shape[0]);
  if (!rows || *rows != 1 || !ProvablyEqual(bias.shape[1], p.shape[1]))
    c.Fail("argument 'bias' shape " + Str(bias.shape) +
               " must be one row as wide as the product ([1, " + Str(p.shape[1]) + "])",
           "pass the bias as a [1, N] tile moved into pl.Mem.Bias");
  if (bias.dtype != p.dtype)
    c.Fail(
        "argument 'bias' dtype " + std::string(ir::DataTypeName(bias.dtype)) +
            " must equal the product dtype " + std::string(ir::DataTypeName(p.dtype)),
        "cast the bias to " + std::string(ir::DataTypeName(p.dtype)) + " before moving it to Bias");
}

TypePtr DeduceMatmulBias(const CallInfo& c, bool gemv) {
  if (gemv) RequireOneRow(c, 0);
  const Product p = CheckOperands(c, 0);
  RequireBias(c, 2, p);
  ir::TileView v = ImplicitView(p.shape, MemorySpace::Acc, p.valid);
  if (p.lhs_rows_narrow) v.compact = ir::CompactMode::normal;
  return ir::MakeTileType(p.shape, p.dtype, MemorySpace::Acc, v);
}

// A matmul per batch: lhs [..., M, K] and rhs [..., K, N] with their leading (batch) axes
// broadcast as numpy does (a rank-2 operand applies to every batch).
TypePtr DeduceBatchMatmul(const CallInfo& c) {
  const ir::TileType& lhs = c.tile_arg(0);
  const ir::TileType& rhs = c.tile_arg(1);
  RequireMinRank(c, 0, lhs, 2);
  RequireMinRank(c, 1, rhs, 2);
  if (lhs.shape.size() < 3 && rhs.shape.size() < 3)
    c.Fail("neither operand has a batch axis (both are rank 2)",
           "use tile.matmul for a 2D product");
  RequireSameDType(c, 1, rhs.dtype, 0, lhs.dtype);
  const size_t ll = lhs.shape.size(), rl = rhs.shape.size();
  if (!ProvablyEqual(lhs.shape[ll - 1], rhs.shape[rl - 2]))
    c.Fail("argument 'rhs' shape " + Str(rhs.shape) + " has K = " + Str(rhs.shape[rl - 2]) +
               " but lhs shape " + Str(lhs.shape) + " has K = " + Str(lhs.shape[ll - 1]),
           "give both operands one contraction extent (lhs's last axis, rhs's second-to-last)");
  for (const ir::TileType* t : {&lhs, &rhs})
    if (!FullyValid(*t))
      c.Fail("a batched product of a partially valid operand is not modelled",
             "make the operands fully valid (slice or fillpad them first)");
  const Shape lb(lhs.shape.begin(), lhs.shape.end() - 2),
      rb(rhs.shape.begin(), rhs.shape.end() - 2);
  Shape shape = BroadcastShapes(c, lb, 0, rb, 1);
  shape.push_back(lhs.shape[ll - 2]);
  shape.push_back(rhs.shape[rl - 1]);
  const bool both_float = ir::IsFloat(lhs.dtype) && ir::IsFloat(rhs.dtype);
  return ir::MakeTileType(shape, both_float ? DataType::FP32 : DataType::INT32, MemorySpace::Acc,
                          ImplicitView(shape, MemorySpace::Acc, {}));
}

}  // namespace

void RegisterCubeOps(OpRegistry& r) {
  r.Register("tile.matmul")
      .arg("lhs")
      .arg("rhs")
      .deduce(DeduceMatmul)
      .input_memory(0, {MemorySpace::Left})
      .input_memory(1, {MemorySpace::Right})
      .output_memory_fixed(MemorySpace::Acc)
      .doc(
          "lhs @ rhs: [lhs rows, rhs cols] in Acc, FP32 for float inputs else INT32, valid "
          "[lhs valid rows, rhs valid cols]");

  r.Register("tile.matmul_acc")
      .arg("acc")
      .arg("lhs")
      .arg("rhs")
      .opt_arg("init_cond")
      .deduce(DeduceMatmulAcc)
      .input_memory(0, {MemorySpace::Acc})
      .input_memory(1, {MemorySpace::Left})
      .input_memory(2, {MemorySpace::Right})
      .output_memory_fixed(MemorySpace::Acc)
      .reuses_input(0)
      .doc(
          "acc += lhs @ rhs (DPS): acc's shape and valid in Acc; the product's dtype and shape "
          "match acc");

  for (bool gemv : {false, true})
    r.Register(gemv ? "tile.gemv_bias" : "tile.matmul_bias")
        .arg("lhs")
        .arg("rhs")
        .arg("bias")
        .deduce([gemv](const CallInfo& c) { return DeduceMatmulBias(c, gemv); })
        .input_memory(0, {MemorySpace::Left})
        .input_memory(1, {MemorySpace::Right})
        .input_memory(2, {MemorySpace::Bias})
        .output_memory_fixed(MemorySpace::Acc)
        .doc(std::string(gemv ? "bias + lhs @ rhs with a one-row lhs [1, K]" : "bias + lhs @ rhs") +
             ": the accumulator starts at the [1, N] bias row (in Bias, the product's dtype) on "
             "every row, then adds the products in ascending k; matmul's result type");
  r.Register("tile.gemv")
      .arg("lhs")
      .arg("rhs")
      .deduce([](const CallInfo& c) {
        RequireOneRow(c, 0);
        return DeduceMatmul(c);
      })
      .input_memory(0, {MemorySpace::Left})
      .input_memory(1, {MemorySpace::Right})
      .output_memory_fixed(MemorySpace::Acc)
      .doc("lhs @ rhs with a one-row lhs [1, K]: [1, N] in Acc, as tile.matmul");
  r.Register("tile.gemv_acc")
      .arg("acc")
      .arg("lhs")
      .arg("rhs")
      .deduce([](const CallInfo& c) {
        RequireOneRow(c, 1);
        return DeduceMatmulAcc(c);
      })
      .input_memory(0, {MemorySpace::Acc})
      .input_memory(1, {MemorySpace::Left})
      .input_memory(2, {MemorySpace::Right})
      .output_memory_fixed(MemorySpace::Acc)
      .reuses_input(0)
      .doc("acc += lhs @ rhs with a one-row lhs [1, K] (DPS), as tile.matmul_acc");
  // PyPTO hands the factors over in Mat (its lowering of a rank > 2 tensor.matmul loads them
  // there); the operand buffers are fed per batch by the instruction sequence it stands for.
  r.Register("tile.batch_matmul")
      .arg("lhs")
      .arg("rhs")
      .deduce(DeduceBatchMatmul)
      .input_memory(0, {MemorySpace::Mat, MemorySpace::Left})
      .input_memory(1, {MemorySpace::Mat, MemorySpace::Right})
      .output_memory_fixed(MemorySpace::Acc)
      .doc(
          "lhs @ rhs per batch: [batch..., M, K] x [batch..., K, N], the batch axes broadcast "
          "(a rank-2 operand applies to every batch), fully valid operands: [batch..., M, N] in "
          "Acc, FP32 for float inputs else INT32");
}

}  // namespace tilesplit::ops
