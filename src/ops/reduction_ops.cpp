// Row and column reductions (ops.md 2.6). No kwargs.
#include <string>
#include <utility>

#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

enum class RowKind { Sum, Max, Min, ArgMax };

TypePtr DeduceRowReduction(const CallInfo& c, RowKind kind) {
  const ir::TileType& in = c.tile_arg(0);
  const ir::TileType& tmp = c.tile_arg(1);
  RequireMinRank(c, 0, in, 2);
  if (kind == RowKind::ArgMax) {
    // The tmp is sized exactly like the input; a full-width tmp fails here by design.
    if (!ShapesProvablyEqual(tmp.shape, in.shape))
      c.Fail("argument 'tmp_tile' shape " + Str(tmp.shape) + " must equal input shape " +
             Str(in.shape));
  } else {
    RequireSameDType(c, 1, tmp.dtype, 0, in.dtype);
    RequireRank(c, 1, tmp, in.shape.size());
    for (size_t d = 0; d < in.shape.size(); ++d)
      if (ProvablyLess(tmp.shape[d], in.shape[d]))
        c.Fail("argument 'tmp_tile' shape " + Str(tmp.shape) + " is smaller than input shape " +
               Str(in.shape) + " in dim " + std::to_string(d));
  }
  if (ProvablyEmpty(in.valid()))
    c.Fail("argument 'tile' valid shape " + Str(in.valid()) + " is empty");
  if (kind == RowKind::Min) {
    RequireDType(c, 0, in.dtype,
                 {DataType::INT16, DataType::INT32, DataType::FP16, DataType::FP32});
    ir::TileView eff = in.EffectiveView();
    if (eff.blayout != ir::TileLayout::row_major || eff.slayout != ir::TileLayout::none_box)
      c.Fail("argument 'tile' must be row_major with slayout none_box");
  }
  Shape shape = in.shape, valid = in.valid();
  shape.back() = ConstLike(1, shape.back());
  valid.back() = ConstLike(1, valid.back());
  ir::TileView v = ImplicitView(shape, std::nullopt, valid);
  v.blayout = ir::TileLayout::col_major;
  DataType dt = kind == RowKind::ArgMax ? DataType::INT32 : in.dtype;
  return ir::MakeTileType(shape, dt, std::nullopt, v);
}

TypePtr DeduceColReduction(const CallInfo& c) {
  const ir::TileType& in = c.tile_arg(0);
  if (in.shape.empty()) c.Fail("argument 'tile' must have rank >= 1");
  if (c.has_arg(1)) {
    const ir::TileType& tmp = c.tile_arg(1);
    RequireSameDType(c, 1, tmp.dtype, 0, in.dtype);
  }
  Shape shape = in.shape, valid = in.valid();
  shape[0] = ConstLike(1, shape[0]);
  valid[0] = ConstLike(1, valid[0]);
  ir::TileView v = ImplicitView(shape, std::nullopt, valid);
  v.blayout = ir::TileLayout::row_major;
  return ir::MakeTileType(shape, in.dtype, std::nullopt, v);
}

OpDef& VecOp(OpRegistry& r, const std::string& name, size_t vec_inputs) {
  OpDef& d = r.Register(name);
  for (size_t i = 0; i < vec_inputs; ++i) d.input_memory(i, {MemorySpace::Vec});
  d.output_memory_fixed(MemorySpace::Vec);
  return d;
}

}  // namespace

void RegisterReductionOps(OpRegistry& r) {
  struct Row {
    const char* name;
    RowKind kind;
    const char* what;
  };
  const Row rows[] = {{"tile.row_sum", RowKind::Sum, "Row sums"},
                      {"tile.row_max", RowKind::Max, "Row maxima"},
                      {"tile.row_min", RowKind::Min, "Row minima (row-major input)"},
                      {"tile.row_prod", RowKind::Sum, "Row products, left to right"}};
  for (const Row& row : rows) {
    RowKind k = row.kind;
    OpDef& d = VecOp(r, row.name, 2)
                   .arg("tile")
                   .arg("tmp_tile")
                   .deduce([k](const CallInfo& c) { return DeduceRowReduction(c, k); })
                   .lane_invariant_arg(1, LaneInvariantKind::Scratch)
                   .combines(CombinedOperands::First, CombinedAxes::Last, "reduces over");
    if (k != RowKind::Sum) d.combines_partials_exactly();
    d.doc(std::string(row.what) +
          ": last axis 1 in shape and valid, dtype kept, col_major blocks; tmp_tile no "
          "smaller than the input");
  }
  for (const char* name : {"tile.row_argmax", "tile.row_argmin"}) {
    bool max = std::string_view(name) == "tile.row_argmax";
    VecOp(r, name, 2)
        .arg("tile")
        .arg("tmp_tile")
        .deduce([](const CallInfo& c) { return DeduceRowReduction(c, RowKind::ArgMax); })
        .combines(CombinedOperands::First, CombinedAxes::Last, "reduces over")
        .doc(std::string("Column of each row ") + (max ? "maximum" : "minimum") +
             ": last axis 1, INT32; tmp_tile shaped exactly like the input");
  }
  VecOp(r, "tile.col_sum", 2)
      .arg("tile")
      .opt_arg("tmp_tile")
      .deduce(DeduceColReduction)
      .lane_invariant_arg(1, LaneInvariantKind::Scratch)
      .combines(CombinedOperands::First, CombinedAxes::First, "reduces over")
      .doc("Column sums: axis 0 is 1 in shape and valid, dtype kept, row_major");
  for (const char* name : {"tile.col_argmax", "tile.col_argmin"}) {
    bool max = std::string_view(name) == "tile.col_argmax";
    VecOp(r, name, 2)
        .arg("tile")
        .arg("tmp_tile")
        .deduce([](const CallInfo& c) {
          const ir::TileType& in = c.tile_arg(0);
          const ir::TileType& tmp = c.tile_arg(1);
          if (!ShapesProvablyEqual(tmp.shape, in.shape))
            c.Fail("argument 'tmp_tile' shape " + Str(tmp.shape) + " must equal input shape " +
                   Str(in.shape));
          const TypePtr folded = DeduceColReduction(c);
          const auto* t = ir::AsTileType(folded);
          return TypePtr(ir::MakeTileType(t->shape, DataType::INT32, std::nullopt, t->view));
        })
        .combines(CombinedOperands::First, CombinedAxes::First, "reduces over")
        .doc(std::string("Row of each column ") + (max ? "maximum" : "minimum") +
             ": axis 0 is 1, INT32 (the first on ties); tmp_tile shaped exactly like the input");
  }
  const std::pair<const char*, const char*> cols[] = {
      {"tile.col_max", "Column maxima"},
      {"tile.col_min", "Column minima"},
      {"tile.col_prod", "Column products, top to bottom"}};
  for (const auto& [name, what] : cols) {
    OpDef& d = VecOp(r, name, 1)
                   .arg("tile")
                   .deduce(DeduceColReduction)
                   .combines(CombinedOperands::First, CombinedAxes::First, "reduces over");
    // A product of two partial products rounds differently from the sequential product, as a
    // sum does: only max and min combine exactly.
    if (std::string_view(name) != "tile.col_prod") d.combines_partials_exactly();
    d.doc(std::string(what) + ": axis 0 is 1 in shape and valid, dtype kept, row_major");
  }
}

}  // namespace tilesplit::ops
