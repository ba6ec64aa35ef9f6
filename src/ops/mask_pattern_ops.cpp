// The mask-pattern forms of gather and scatter (pto-isa TGATHER / TSCATTER, "mask pattern"; PyPTO's
// `gather(input, mask_pattern=k)` and `scatter(input, mask_pattern=k, dst=...)`): along the last
// axis, a gather keeps one element of every group of `factor` (`[R, N]` -> `[R, N / factor]`), a
// scatter puts each source element at that place of its group and zero at the others (`[R, C]`
// into `dst` `[R, C * factor]`). The tensor forms lower to the tile ops of the same name.
#include <string>

#include "sections.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/mask_pattern.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

constexpr std::initializer_list<DataType> kMaskDTypes = {
    DataType::FP16,  DataType::BF16,   DataType::FP32,  DataType::INT16,
    DataType::INT32, DataType::UINT16, DataType::UINT32};

MaskPattern PatternOf(const CallInfo& c) {
  const int64_t code = RequiredInt(c, "mask_pattern");
  auto p = MaskPatternOf(code);
  if (!p)
    c.Fail("kwarg 'mask_pattern' must be one of " + MaskPatternCodes() + ", got " +
               std::to_string(code),
           "use one of the pattern codes");
  return *p;
}

struct Operand {
  const Shape* shape;
  DataType dtype;
};

Operand OperandOf(const CallInfo& c, size_t i, bool tile) {
  if (tile) return {&c.tile_arg(i).shape, c.tile_arg(i).dtype};
  return {&c.tensor_arg(i).shape, c.tensor_arg(i).dtype};
}

// [R, N] of a 2- or 4-byte dtype with N a multiple of the pattern's group.
void RequireGroups(const CallInfo& c, size_t i, const Operand& o, const MaskPattern& p) {
  if (o.shape->size() != 2)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must have rank 2, got " + Str(*o.shape),
           "reshape it to [rows, columns] first");
  RequireDType(c, i, o.dtype, kMaskDTypes);
  const auto cols = Static(o.shape->back());
  if (!cols || *cols % p.factor != 0)
    c.Fail("argument " + Quote(c.arg_name(i)) + " has " + Str(o.shape->back()) +
               " columns, not a static multiple of " + std::to_string(p.factor) +
               " (the groups of " + p.name + ")",
           "pad the columns to a multiple of " + std::to_string(p.factor));
}

TypePtr DeduceGatherMask(const CallInfo& c, bool tile) {
  const MaskPattern p = PatternOf(c);
  const Operand in = OperandOf(c, 0, tile);
  RequireGroups(c, 0, in, p);
  Shape shape = {(*in.shape)[0], ir::Index(*Static(in.shape->back()) / p.factor)};
  if (!tile) return ir::MakeTensorType(shape, in.dtype);
  const ir::TileType& t = c.tile_arg(0);
  if (ProvablyDifferent(t.valid().back(), t.shape.back()))
    c.Fail("argument 'input' must be valid across its columns (valid " + Str(t.valid()) + ")",
           "gather from a tile valid across its columns, or fill its pad first (tile.fillpad)");
  return ir::MakeTileType(shape, in.dtype, MemorySpace::Vec,
                          ImplicitView(shape, MemorySpace::Vec, {t.valid()[0], shape[1]}));
}

TypePtr DeduceScatterMask(const CallInfo& c, bool tile) {
  const MaskPattern p = PatternOf(c);
  const Operand in = OperandOf(c, 0, tile);
  const Operand dst = OperandOf(c, 1, tile);
  RequireGroups(c, 1, dst, p);
  RequireSameDType(c, 0, in.dtype, 1, dst.dtype);
  if (in.shape->size() != 2 || ProvablyDifferent((*in.shape)[0], (*dst.shape)[0]) ||
      Static(in.shape->back()) != *Static(dst.shape->back()) / p.factor)
    c.Fail("argument 'input' " + Str(*in.shape) + " must be [" + Str((*dst.shape)[0]) + ", " +
               std::to_string(*Static(dst.shape->back()) / p.factor) +
               "]: dst's rows, its columns / " + std::to_string(p.factor) + " (" + p.name + ")",
           "give dst " + std::to_string(p.factor) + " times the input's columns");
  if (!tile) return ir::MakeTensorType(*dst.shape, dst.dtype);
  const ir::TileType& t = c.tile_arg(1);
  return ir::MakeTileType(
      t.shape, t.dtype, MemorySpace::Vec,
      ImplicitView(t.shape, MemorySpace::Vec, {c.tile_arg(0).valid()[0], t.shape.back()}));
}

}  // namespace

std::optional<MaskPattern> MaskPatternOf(int64_t code) {
  static const MaskPattern kPatterns[] = {{2, 0, "P0101"}, {2, 1, "P1010"}, {4, 0, "P0001"},
                                          {4, 1, "P0010"}, {4, 2, "P0100"}, {4, 3, "P1000"},
                                          {1, 0, "P1111"}};
  if (code < 1 || code > 7) return std::nullopt;
  return kPatterns[code - 1];
}

std::string MaskPatternCodes() {
  std::string s;
  for (int64_t k = 1; k <= 7; ++k)
    s += (k == 1   ? ""
          : k == 7 ? " or "
                   : ", ") +
         std::to_string(k) + " (" + MaskPatternOf(k)->name + ")";
  return s;
}

void RegisterMaskPatternOps(OpRegistry& r) {
  for (const bool tile : {false, true}) {
    OpDef& g = r.Register(tile ? "tile.gather_mask" : "tensor.gather_mask");
    g.arg("input")
        .req_kwarg("mask_pattern", KwargKind::Int, MaskPatternCodes())
        .deduce([tile](const CallInfo& c) { return DeduceGatherMask(c, tile); })
        .doc(
            "out[r, j] = input[r, j * f + p] for the mask pattern's group size f and position p "
            "(mask_pattern 1..7: P0101, P1010, P0001, P0010, P0100, P1000, P1111): [R, N / f]");
    OpDef& s = r.Register(tile ? "tile.scatter_mask" : "tensor.scatter_mask");
    s.arg("input")
        .arg("dst")
        .req_kwarg("mask_pattern", KwargKind::Int, MaskPatternCodes())
        .deduce([tile](const CallInfo& c) { return DeduceScatterMask(c, tile); })
        .doc(
            "dst's shape: out[r, j * f + p] = input[r, j] and zero at the other places of each "
            "group of f (the mask pattern's group size f and position p); input [R, C], dst [R, "
            "C * f] of its dtype");
    if (tile) {
      g.input_memory(0, {MemorySpace::Vec}).output_memory_fixed(MemorySpace::Vec);
      s.input_memory(0, {MemorySpace::Vec})
          .input_memory(1, {MemorySpace::Vec})
          .output_memory_fixed(MemorySpace::Vec);
    } else {
      g.tile_form(TileForm::Namesake("tensor.gather_mask"));
      s.tile_form(TileForm::Namesake("tensor.scatter_mask"));
    }
  }
}

}  // namespace tilesplit::ops
