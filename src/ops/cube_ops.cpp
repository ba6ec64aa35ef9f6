// Cube ops (ops.md 2.9): tile.matmul, tile.matmul_acc.
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
}

}  // namespace tilesplit::ops
