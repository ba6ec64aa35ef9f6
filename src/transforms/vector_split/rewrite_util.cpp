// The shared helpers of the vector split (rewrite_util.h).
#include "rewrite_util.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {

std::string OperandName(const ir::ExprPtr& e) {
  if (!e) return "<absent>";
  if (const ir::Var* v = e->As<ir::Var>()) return v->name;
  return ir::ExprToString(e);
}

int SplitDimension(ir::SplitMode mode) {
  if (std::optional<int> axis = ops::SplitAxisOfMode(mode)) return *axis;
  ir::ThrowInternal({}, "SplitDimension asked for SplitMode.NONE, which has no split axis");
}

bool IsGmWrite(const ir::Call& c) {
  const auto& w = ops::Def(c).gm_window();
  return w && w->access == ops::GmWindow::Access::Write;
}

bool IsGmRead(const ir::Call& c) {
  const auto& w = ops::Def(c).gm_window();
  return w && w->access == ops::GmWindow::Access::Read && ir::AsTileType(c.type);
}

bool PlacesBothLanes(int64_t box, int64_t valid, std::optional<int64_t> lane_stride) {
  const ops::LaneExtentPair e = ops::LaneExtents(box, valid, lane_stride);
  return e.e0 == e.e1 || e.e0 == e.e1 + 1 || e.e1 == 0;
}

ir::VarPtr Rebind(const ir::VarPtr& old, const ir::TypePtr& type, ir::VarMap& repl, bool fresh) {
  if (!fresh && ir::TypeEqual(old->type, type)) return old;
  ir::VarPtr v = ir::MakeVar(old->name, type, old->span);
  repl[old.get()] = v;
  return v;
}

ir::VarPtr Rebind(const ir::VarPtr& old, const ir::TypePtr& type, ir::FlatVarMap& repl,
                  bool fresh) {
  if (!fresh && ir::TypeEqual(old->type, type)) return old;
  ir::VarPtr v = ir::MakeVar(old->name, type, old->span);
  repl.InsertOrAssign(old.get(), v);
  return v;
}

ir::StmtPtr BindAs(const ir::VarPtr& v, ir::ExprPtr value, ir::Span span) {
  const ir::Call* c = value ? value->As<ir::Call>() : nullptr;
  const ir::TileType* got = c ? ir::AsTileType(c->type) : nullptr;
  const ir::TileType* want = ir::AsTileType(v->type);
  if (got && want && got != want && got->dtype == want->dtype && got->memory == want->memory &&
      ir::ExprListEqual(got->shape, want->shape) &&
      ir::ExprListEqual(got->valid(), want->valid()) && !ir::SameLayout(*got, *want))
    value = ops::CreateWithType(ops::Def(*c), c->args, c->kwargs, v->type, c->span);
  return ir::MakeAssign(v, std::move(value), span);
}

}  // namespace tilesplit::vector_split
