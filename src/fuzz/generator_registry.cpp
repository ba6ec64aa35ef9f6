// The generator's computations drawn from the operator registry: an op of FuzzableOps() and one of
// its typings (fuzz/op_catalog.h), operands picked from the pool for the typing's roles, and the
// result typed by the op's own deducer over the operands' IR types. A newly registered op whose
// call types from FP32 vector tiles, scratch tiles and FP32 scalars is drawn with no change here.
#include <algorithm>

#include "generator_impl.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/type.h"

namespace tilesplit::fuzz::gen {

namespace {

ir::TypePtr VecTileType(int rows, int cols, const std::vector<ir::ExprPtr>& valid) {
  std::vector<ir::ExprPtr> shape = {ir::Index(rows), ir::Index(cols)};
  const ir::ImplicitLayout l = ir::ImplicitLayoutFor(shape, ir::MemorySpace::Vec);
  ir::TileView view;
  view.valid_shape = valid;
  view.blayout = l.blayout;
  view.slayout = l.slayout;
  view.fractal = l.fractal;
  return ir::MakeTileType(std::move(shape), ir::DataType::FP32, ir::MemorySpace::Vec, view);
}

}  // namespace

ir::TypePtr Generator::TypeOf(const Tile& t) {
  if (t.type) return t.type;
  if (!n_var_) n_var_ = ir::MakeVar("n", ir::MakeScalarType(ir::DataType::INDEX));
  auto extent = [&](int v) -> ir::ExprPtr { return v == kRuntime ? n_var_ : ir::Index(v); };
  const std::vector<ir::ExprPtr> valid = {extent(t.vrows), extent(t.vcols)};
  if (!t.vec_layout) {
    // A tile that crossed from the cube side has the layout a move from Acc gives it.
    std::vector<ir::ExprPtr> shape = {ir::Index(t.rows), ir::Index(t.cols)};
    ir::TileView view;
    view.valid_shape = valid;
    const ir::ImplicitLayout l = ir::ImplicitLayoutFor(shape, ir::MemorySpace::Acc);
    view.blayout = l.blayout;
    view.slayout = l.slayout;
    view.fractal = l.fractal;
    ir::ExprPtr acc =
        ir::MakeVar("acc", ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Acc, view));
    const ops::Deduced moved = ops::TryDeduceType(
        ops::MemoryMoveOp(), {acc}, {{"target_memory", ir::AttrValue(ir::MemorySpace::Vec)}});
    if (moved.ok()) return moved.type;
  }
  return VecTileType(t.rows, t.cols, valid);
}

Tile Generator::VectorOperand(int rows, int cols, std::vector<std::string>* pre) {
  const Tile* b =
      PickTile([&](const Tile& t) { return t.rows == rows && t.cols == cols && t.Full(); });
  if (b && rng_.Chance(70)) return *b;
  Tile v{Fresh("bc"), rows, cols, rows, cols};
  pre->push_back(v.name + " = pl.load(" + TensorParam(rows, cols) + ", [0, 0], " +
                 Dims(rows, cols) + ", target_memory=pl.Mem.Vec)");
  return v;
}

std::string Generator::ScalarOperand() {
  if (rng_.Chance(40)) {
    if (scalar_param_.empty()) scalar_param_ = Param("f", "pl.Scalar[pl.FP32]");
    return scalar_param_;
  }
  static const std::vector<std::string> kValues = {"1.0", "2.0", "-0.5", "3.25"};
  return rng_.Pick(kValues);
}

std::string Generator::Combine(const Tile& base, const Tile& partner) {
  const ir::TypePtr type = TypeOf(base);
  const std::vector<ir::ExprPtr> args = {ir::MakeVar(base.name, type),
                                         ir::MakeVar(partner.name, TypeOf(partner))};
  std::vector<const ops::OpDef*> fits;
  for (const FuzzOp& f : FuzzableOps())
    for (const OpTyping& t : f.typings) {
      if (t.args != std::vector<ArgRole>{ArgRole::Tile, ArgRole::Partner} || !t.kwargs.empty())
        continue;
      const ops::Deduced d = ops::TryDeduceType(*f.op, args, {});
      if (d.ok() && ir::TypeEqual(d.type, type)) fits.push_back(f.op);
      break;
    }
  const std::string op = fits.empty() ? "tile.add" : rng_.Pick(fits)->name();
  features_.insert("op:" + op);
  return "pl." + op + "(" + base.name + ", " + partner.name + ")";
}

void Generator::RegistryOp(bool same_box) {
  const std::vector<FuzzOp>& ops = FuzzableOps();
  if (ops.empty()) return;
  const FuzzOp& f = ops[static_cast<size_t>(rng_.Below(static_cast<int>(ops.size())))];
  const OpTyping& typing = rng_.Pick(f.typings);
  const Tile* a = PickTile([](const Tile&) { return true; });
  if (!a) return;
  const Tile lhs = *a;
  std::vector<std::string> pre, operands;
  std::vector<ir::ExprPtr> args;
  bool broadcast = false;
  for (ArgRole role : typing.args) {
    switch (role) {
      case ArgRole::Tile:
        operands.push_back(lhs.name);
        args.push_back(ir::MakeVar(lhs.name, TypeOf(lhs)));
        break;
      case ArgRole::Partner: {
        const Tile* b = PickPartner(lhs);
        if (!b) return;
        operands.push_back(b->name);
        args.push_back(ir::MakeVar(b->name, TypeOf(*b)));
        break;
      }
      case ArgRole::RowVec:
      case ArgRole::ColVec: {
        const Tile v = role == ArgRole::RowVec ? VectorOperand(lhs.rows, 1, &pre)
                                               : VectorOperand(1, lhs.cols, &pre);
        operands.push_back(v.name);
        args.push_back(ir::MakeVar(v.name, TypeOf(v)));
        broadcast = true;
        break;
      }
      case ArgRole::Scratch: {
        const std::string t = Fresh("tmp");
        pre.push_back(ScratchText(t, lhs.rows, lhs.cols));
        operands.push_back(t);
        args.push_back(ir::MakeVar(t, VecTileType(lhs.rows, lhs.cols, {})));
        break;
      }
      case ArgRole::Scalar:
        operands.push_back(ScalarOperand());
        args.push_back(ir::MakeConstFloat(1.0));
        break;
    }
  }
  for (const auto& [name, value] : typing.kwargs) {
    const ops::KwargSpec* spec = f.op->find_kwarg(name);
    ir::AttrValue v;
    std::string text;
    if (!spec || !FuzzKwargValue(spec->kind, &v, &text)) return;
    operands.push_back(name + "=" + text);
  }
  const ops::Deduced d = ops::TryDeduceType(*f.op, args, typing.kwargs);
  // A pick that does not type (a layout, a ragged operand) is drawn again next time.
  if (!d.ok()) return;
  const ir::TypePtr& type = d.type;
  const ir::TileType* tt = type ? type->As<ir::TileType>() : nullptr;
  if (!tt || tt->dtype != ir::DataType::FP32 || tt->shape.size() != 2) return;
  int box[2], valid[2];
  for (size_t d = 0; d < 2; ++d) {
    const std::optional<int64_t> s = ir::AsConstInt(tt->shape[d]);
    if (!s || *s < 1) return;
    box[d] = static_cast<int>(*s);
    const ir::ExprPtr& v = tt->valid()[d];
    if (n_var_ && v.get() == n_var_.get()) {
      valid[d] = kRuntime;
    } else if (std::optional<int64_t> c = ir::AsConstInt(v)) {
      valid[d] = static_cast<int>(*c);
    } else {
      return;  // a valid extent the pool cannot state
    }
  }
  const bool kept = box[0] == lhs.rows && box[1] == lhs.cols;
  if (same_box && !kept) return;
  for (const std::string& line : pre) Emit(line);
  Tile y = kept ? lhs : Tile{"", box[0], box[1], 0, 0};
  y.name = Fresh(f.op->has_combined_axes() ? "red" : "e");
  y.vrows = valid[0];
  y.vcols = valid[1];
  y.vec_layout = !tt->view;
  y.frozen = false;
  if (!kept) y.out_rows = y.out_cols = y.off_r = y.off_c = 0;
  std::string call = y.name + " = pl." + f.op->name() + "(";
  for (size_t i = 0; i < operands.size(); ++i) call += (i ? ", " : "") + operands[i];
  Emit(call + ")");
  features_.insert("op:" + f.op->name());
  if (broadcast) features_.insert("op:broadcast");
  if (f.op->has_combined_axes()) features_.insert("op:reduction");
  Add(y).type = type;
}

}  // namespace tilesplit::fuzz::gen
