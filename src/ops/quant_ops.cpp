// MX quantisation (ops.md 2.8).
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

struct MxGeometry {
  int64_t m, n;
};

MxGeometry CheckMxSource(const CallInfo& c) {
  const ir::TileType& src = c.tile_arg(0);
  RequireRank(c, 0, src, 2);
  RequireDType(c, 0, src.dtype, {DataType::FP32, DataType::FP16, DataType::BF16});
  auto m = Static(src.shape[0]), n = Static(src.shape[1]);
  if (!m || !n) c.Fail("argument 'src' shape " + Str(src.shape) + " must be static");
  if (*m % 16 != 0)
    c.Fail("argument 'src' rows M = " + std::to_string(*m) + " must be a multiple of 16");
  if (*n % 32 != 0)
    c.Fail("argument 'src' columns N = " + std::to_string(*n) + " must be a multiple of 32");
  return {*m, *n};
}

TypePtr MxResult(const CallInfo& c, MxGeometry g) {
  DataType q = c.dtype_kwarg("dtype").value_or(DataType::FP8E4M3FN);
  if (q != DataType::FP8E4M3FN && q != DataType::FP8E5M2)
    c.Fail("kwarg 'dtype' " + std::string(ir::DataTypeName(q)) + " must be FP8E4M3FN or FP8E5M2");
  auto qt = ir::MakeTileType({ir::Index(g.m), ir::Index(g.n)}, q);
  auto st = ir::MakeTileType({ir::Index(g.m), ir::Index(g.n / 32)}, DataType::FP8E8M0);
  return ir::MakeTupleType({qt, st});
}

TypePtr DeduceTQuantMxRaw(const CallInfo& c) {
  MxGeometry g = CheckMxSource(c);
  const ir::TileType& scratch = c.tile_arg(1);
  int64_t groups = g.m * g.n / 32;
  Shape want{ir::Index(1), ir::Index(groups)};
  if (!ShapesProvablyEqual(scratch.shape, want))
    c.Fail("argument 'scratch' shape " + Str(scratch.shape) + " must be " + Str(want) +
           " (one slot per 32-element group of src)");
  return MxResult(c, g);
}

}  // namespace

void RegisterQuantOps(OpRegistry& r) {
  r.Register("tile.tquant_mx")
      .arg("src")
      .kwarg("dtype", KwargKind::DType, DataType::FP8E4M3FN)
      .deduce([](const CallInfo& c) { return MxResult(c, CheckMxSource(c)); })
      .input_memory(0, {MemorySpace::Vec})
      .output_memory_fixed(MemorySpace::Vec)
      .doc(
          "Tuple(q: [M, N] dtype, scale: [M, N / 32] FP8E8M0), fully valid; M % 16 = 0 and "
          "N % 32 = 0; OCP MX: one power-of-two scale per 32 elements of a row");

  r.Register("tile.tquant_mx_raw")
      .arg("src")
      .arg("scratch")
      .kwarg("dtype", KwargKind::DType, DataType::FP8E4M3FN)
      .deduce(DeduceTQuantMxRaw)
      .input_memory(0, {MemorySpace::Vec})
      .input_memory(1, {MemorySpace::Vec})
      .output_memory_fixed(MemorySpace::Vec)
      .doc(
          "As tile.tquant_mx; scratch is exactly [1, M * N / 32], one slot per 32-element "
          "group");
}

}  // namespace tilesplit::ops
