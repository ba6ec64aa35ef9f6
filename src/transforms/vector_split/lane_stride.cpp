// ResolveLaneStride: choose between the box partition (the default) and the partition balanced
// on the valid extent of a ragged cube->vector boundary (spec: "Balancing a ragged boundary").
#include <unordered_set>

#include "halving.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::vector_split {
namespace {

struct Scan {
  int d = 0;
  bool ok = true;
  bool any_boundary = false;
  int64_t box = 0, valid = 0;
  std::unordered_set<const ir::Var*> derived;  // values flowing from the boundary

  bool Derived(const ExprPtr& e) const {
    if (!e) return false;
    if (const ir::Var* v = e->As<ir::Var>()) return derived.count(v) > 0;
    if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>()) return Derived(g->tuple);
    if (const ir::Call* c = e->As<ir::Call>()) {  // a nested operand, judged as its named form
      if (analysis::ClassifyMoveDirection(*c) == analysis::MoveDirection::CUBE_TO_VECTOR)
        return true;
      if (analysis::ClassifyCallAffinity(*c) != analysis::CoreAffinity::VECTOR) return false;
      for (const ExprPtr& a : c->args)
        if (Derived(a)) return true;
    }
    return false;
  }

  void Call(const ir::VarPtr& target, const ir::Call& c) {
    // The walk hoists nested call operands into statements of their own, so they are origins
    // and boundaries like any other.
    for (const ExprPtr& a : c.args)
      if (const ir::Call* inner = a ? a->As<ir::Call>() : nullptr) Call(nullptr, *inner);
    using analysis::MoveDirection;
    MoveDirection dir = analysis::ClassifyMoveDirection(c);
    if (dir == MoveDirection::VECTOR_TO_CUBE) {
      ok = false;  // the gather re-joins lanes positionally: only equal extents abut
      return;
    }
    if (dir == MoveDirection::CUBE_TO_VECTOR) {
      const ir::TileType* t = ir::TileTypeOf(c.args[0]);
      auto b =
          t && static_cast<int>(t->shape.size()) > d ? ir::AsConstInt(t->shape[d]) : std::nullopt;
      auto v =
          t && static_cast<int>(t->shape.size()) > d ? ir::AsConstInt(t->valid()[d]) : std::nullopt;
      if (!b || !v || (any_boundary && (*b != box || *v != valid))) {
        ok = false;
        return;
      }
      any_boundary = true;
      box = *b;
      valid = *v;
      if (target) derived.insert(target.get());
      return;
    }
    if (analysis::ClassifyCallAffinity(c) != analysis::CoreAffinity::VECTOR) return;
    bool from_boundary = false;
    for (const ExprPtr& a : c.args) from_boundary = from_boundary || Derived(a);
    if (from_boundary) {
      if (target) derived.insert(target.get());
      return;
    }
    // An independent origin (a load, a generator, a full-width operand) spans the whole box,
    // which a partition balanced on the boundary's valid extent would not cover.
    const ir::TileType* rt = ir::AsTileType(c.type);
    if (rt && static_cast<int>(rt->shape.size()) > d && !ir::IsConstInt(rt->shape[d], 1))
      ok = false;
  }

  void Stmt(const StmtPtr& s) {
    if (!s || !ok) return;
    if (const ir::AssignStmt* a = s->As<ir::AssignStmt>()) {
      if (const ir::Call* c = a->value->As<ir::Call>()) return Call(a->var, *c);
      if (Derived(a->value)) derived.insert(a->var.get());
      return;
    }
    if (const ir::EvalStmt* e = s->As<ir::EvalStmt>()) {
      if (const ir::Call* c = e->expr->As<ir::Call>()) Call(nullptr, *c);
      return;
    }
    if (const ir::ReturnStmt* r = s->As<ir::ReturnStmt>()) {
      for (const ExprPtr& v : r->values)
        if (const ir::Call* c = v->As<ir::Call>()) Call(nullptr, *c);
      return;
    }
    if (auto loop = ir::AsLoop(*s)) {
      // A carry seeded from the boundary stays derived through the loop and out of it.
      for (const ir::IterArg& ia : *loop->iter_args)
        if (Derived(ia.init)) derived.insert(ia.var.get());
      Stmt(*loop->body);
      const auto& ia = *loop->iter_args;
      const auto& rv = *loop->return_vars;
      for (size_t i = 0; i < rv.size() && i < ia.size(); ++i)
        if (derived.count(ia[i].var.get())) derived.insert(rv[i].get());
      return;
    }
    if (const ir::IfStmt* i = s->As<ir::IfStmt>()) {
      Stmt(i->then_body);
      Stmt(i->else_body);
      for (const ir::VarPtr& rv : i->return_vars) derived.insert(rv.get());
      return;
    }
    // Sequences are walked; scopes and regions stay opaque here.
    ir::ForEachChild(*s, ir::kWalkOutsideScopes, [&](const StmtPtr& c) { Stmt(c); });
  }
};

}  // namespace

std::optional<int64_t> ResolveLaneStride(const StmtPtr& body, int split_dim) {
  Scan scan;
  scan.d = split_dim;
  scan.Stmt(body);
  if (!scan.ok || !scan.any_boundary) return std::nullopt;
  const int64_t balanced = ops::LaneHalf(scan.valid);
  const int64_t box_half = ops::LaneHalf(scan.box);
  if (balanced >= box_half) return std::nullopt;  // the box partition already balances
  // Nothing valid: no partition balances an empty extent, and a stride of 0 would give both
  // lanes the same (empty) band; the box partition keeps each lane its own box.
  if (balanced == 0) return std::nullopt;
  return balanced;
}

}  // namespace tilesplit::vector_split
