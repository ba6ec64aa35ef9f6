// The lane facts of a split body or function (lane_facts.h).
#include "lane_facts.h"

#include <atomic>

#include "rewrite_util.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {
namespace {

const Var* VarOf(const ExprPtr& e) {
  if (!e) return nullptr;
  if (const Var* v = e->As<Var>()) return v;
  if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>()) return g->tuple->As<Var>();
  return nullptr;
}

bool IsTensor(const ir::Var* v) {
  return v->type && v->type->As<ir::TensorType>();
}

// A shard that hands each lane its own band (not split=0, where both hold the whole tile).
bool IsSplitShard(const ir::Call& c) {
  if (!ops::Def(c).is_shard()) return false;
  auto split = ir::GetAttr<int64_t>(c.kwargs, "split");
  return !split || *split != 0;
}

}  // namespace

LaneFacts::LaneFacts(LaneFactsInput in) : in_(std::move(in)) {
  if (in_.lane) lane_vars_.insert(in_.lane);
}

namespace {
std::atomic<size_t> function_walks{0};
}  // namespace

size_t LaneFacts::FunctionWalks() {
  return function_walks.load();
}

std::unique_ptr<LaneFacts> LaneFacts::Compute(const ir::Function& f) {
  function_walks.fetch_add(1, std::memory_order_relaxed);
  auto facts = std::make_unique<LaneFacts>();
  if (f.body) facts->Stmt(f.body);
  return facts;
}

void LaneFacts::Walk(const std::vector<StmtPtr>& stmts) {
  for (const StmtPtr& s : stmts) Stmt(s);
}

// ---- Queries.

bool LaneFacts::Local(const Var* v) const {
  return local_.count(v) > 0 || boxes_.Contains(v);
}

bool LaneFacts::IsLaneLocal(const ExprPtr& e) const {
  if (!e) return false;
  if (const Var* v = e->As<Var>()) return Local(v);
  if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>())
    if (const Var* t = g->tuple->As<Var>()) {
      const std::vector<bool>* it = tuple_local_.Find(t);
      return it && static_cast<size_t>(g->index) < it->size() && (*it)[g->index];
    }
  return false;
}

bool LaneFacts::MayDiffer(const ExprPtr& e) const {
  if (!e) return false;
  // What a call hands each lane: its own band (a split shard, a pop), one joined tile (a
  // gather), or what its operands make of it.
  if (const ir::Call* c = e->As<ir::Call>()) {
    const ops::OpDef& d = ops::Def(*c);
    if (d.cross_core_role() == ops::CrossCoreRole::TPop || IsSplitShard(*c)) return true;
    if (d.is_gather()) return false;
  }
  if (e->As<ir::FunctionCall>()) return true;  // nothing says the callee is lane-uniform
  if (lane_vars_.empty() && differs_.empty()) return ops::ReadsLaneIndex(e);
  return ops::ReadsLaneIndex(
      e, [&](const Var& v) { return lane_vars_.count(&v) > 0 || differs_.count(&v) > 0; });
}

const ir::SplitAivStmt* LaneFacts::RegionOrigin(const ExprPtr& e) const {
  const Var* v = VarOf(e);
  if (!v) return nullptr;
  const ir::SplitAivStmt* const* o = origin_.Find(v);
  return o ? *o : nullptr;
}

const LaneBox* LaneFacts::BoxOf(const ExprPtr& e) const {
  if (!e) return nullptr;
  if (const Var* v = e->As<Var>()) return boxes_.Find(v);
  if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>())
    if (const Var* t = g->tuple->As<Var>()) {
      const std::vector<LaneBox>* b = tuple_boxes_.Find(t);
      if (b && static_cast<size_t>(g->index) < b->size()) return &(*b)[g->index];
    }
  return nullptr;
}

// ---- The walk.

int LaneFacts::AxisHere() const {
  const ir::SplitMode m = region_ ? region_->mode : in_.mode;
  return ops::SplitAxisOfMode(m).value_or(0);
}

void LaneFacts::MarkLocal(const Var* v) {
  if (!boxes_.Contains(v)) local_.insert(v);
}

std::vector<bool> LaneFacts::TupleFacts(const ExprPtr& e) const {
  if (e)
    if (const Var* v = e->As<Var>()) {
      if (const std::vector<bool>* t = tuple_local_.Find(v)) return *t;
    }
  return {};
}

// Copies the facts of `value` onto `v` (aliases, carries, merges).
void LaneFacts::Adopt(const Var* v, const ExprPtr& value) {
  if (IsLaneLocal(value)) MarkLocal(v);
  std::vector<bool> t = TupleFacts(value);
  if (!t.empty()) tuple_local_.InsertOrAssign(v, std::move(t));
  if (MayDiffer(value)) Differs(v);
  if (const ir::SplitAivStmt* o = RegionOrigin(value)) origin_.InsertOrAssign(v, o);
}

// Whether an op with a tile result holds this lane's part. An op that is VECTOR work with none
// of the rules is recorded as full width.
bool LaneFacts::AdmitTileCall(const ir::Call& c, const ir::AssignStmt& a) {
  const ops::OpDef& op = ops::Def(c);
  if (op.is_shard()) {
    if (IsSplitShard(c)) return true;
    whole_copies_.insert(a.var.get());
    return false;
  }
  if (op.is_gather()) return false;  // full width on the cube side
  for (const ExprPtr& arg : c.args)
    if (IsLaneLocal(arg)) return true;  // in the half-width dataflow by construction
  if (analysis::ClassifyCallAffinity(c) != analysis::CoreAffinity::VECTOR) return false;
  // A read at a lane-localized address is this lane's part, of a whole copy too (the band the
  // split extensions take of a whole result).
  for (size_t pos : op.address_arg_positions())
    if (pos < c.args.size() && MayDiffer(c.args[pos])) return true;
  // Work on a whole copy the cube handed both lanes (a split=0 shard: the split extensions
  // bring lane-local data back whole this way) is the same on both lanes, as a broadcast is.
  for (const ExprPtr& arg : c.args)
    if (const ir::Var* v = arg->As<ir::Var>(); v && whole_copies_.count(v)) {
      whole_copies_.insert(a.var.get());
      return false;
    }
  if (op.is_generator()) return false;  // admitted for itself only
  // Staging for a later lane-local slice: views of full values and rank-1 loads.
  if (op.rectangle_change() == ops::RectangleChange::OrderKept) return false;
  const ir::TileType* rt = ir::AsTileType(c.type);
  if (IsGmRead(c) && rt->shape.size() == 1) return false;
  // A broadcast read or read-only singleton arithmetic: one copy serves both lanes.
  const int axis = AxisHere();
  if (rt && (axis >= static_cast<int>(rt->shape.size()) || ir::IsConstInt(rt->shape[axis], 1)))
    return false;
  if (!rt && c.type && c.type->kind != ir::TypeKind::Tuple) return false;
  // Outside every region of a function without a split mode nothing is held to the rules.
  if (region_ ? region_->mode != ir::SplitMode::None : in_.mode != ir::SplitMode::None)
    full_width_.push_back({c.op_name(), a.var->name, a.span});
  return false;
}

void LaneFacts::Assign(const ir::AssignStmt& a) {
  const Var* v = a.var.get();
  const ir::Call* c = a.value->As<ir::Call>();
  if (!c) {  // aliases, projections, scalar arithmetic
    if (IsTensor(v)) {
      if (const ir::SplitAivStmt* o = RegionOrigin(a.value)) origin_.InsertOrAssign(v, o);
      return;
    }
    return Adopt(v, a.value);
  }
  if (ops::IsLaneIndexCall(*c)) lane_vars_.insert(v);
  // A region's per-lane values: its split shards and what is computed from them inside it (a
  // gather's result is the cube's, a split=0 shard's both lanes' whole tile).
  if (region_) {
    const ops::OpDef& op = ops::Def(*c);
    bool mine = IsSplitShard(*c);
    for (size_t i = 0; !op.is_shard() && !op.is_gather() && !mine && i < c->args.size(); ++i)
      mine = RegionOrigin(c->args[i]) == region_;
    if (mine) origin_.InsertOrAssign(v, region_);
  }
  const ir::TypeKind k = a.var->type->kind;
  bool local = false;
  if (k == ir::TypeKind::Tile) {
    if ((local = AdmitTileCall(*c, a))) MarkLocal(v);
  } else if (k == ir::TypeKind::Tuple) {
    if ((local = AdmitTileCall(*c, a)))
      tuple_local_.InsertOrAssign(
          v, std::vector<bool>(a.var->type->As<ir::TupleType>()->elements.size(), true));
  }
  if (IsTensor(v)) return;  // a tensor is one object in global memory, whichever lane names it
  // A scalar read out of a lane-local tile is this lane's too; a tile is by its own rules (a
  // gather of lane-local halves is the cube's one joined tile).
  bool differs = local || Local(v) || MayDiffer(a.value);
  for (size_t i = 0; !differs && k == ir::TypeKind::Scalar && i < c->args.size(); ++i)
    differs = IsLaneLocal(c->args[i]);
  if (differs) Differs(v);
}

// A carry keeps its initial value's facts; the backedge must not lose a lane-local fact. A
// neutral carry stays neutral even when its body makes the value lane-local: a zero-trip exit
// yields only the initial value. A carry that may differ only through its backedge is found
// after the body was walked: the body is walked again until that is stable (it only grows).
void LaneFacts::Loop(const std::vector<ir::IterArg>& ias, const StmtPtr& body,
                     const std::vector<ir::VarPtr>& rvs) {
  for (const ir::IterArg& ia : ias) Adopt(ia.var.get(), ia.init);
  const size_t mark_ops = full_width_.size();
  const size_t mark_carry = carry_mismatches_.size();
  const std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
  const ir::YieldStmt* y = ir::TrailingYield(body);
  for (bool grew = true; grew;) {
    full_width_.resize(mark_ops);
    carry_mismatches_.resize(mark_carry);
    Walk(stmts);
    grew = false;
    for (size_t i = 0; y && i < ias.size() && i < y->values.size(); ++i)
      if (!differs_.count(ias[i].var.get()) && MayDiffer(y->values[i])) {
        Differs(ias[i].var.get());
        grew = true;
      }
  }
  for (size_t i = 0; y && i < ias.size() && i < y->values.size(); ++i) {
    const Var* carry = ias[i].var.get();
    const ExprPtr& val = y->values[i];
    bool lost = Local(carry) && !IsLaneLocal(val);
    if (const std::vector<bool>* ct = tuple_local_.Find(carry)) {
      std::vector<bool> yt = TupleFacts(val);
      for (size_t e = 0; e < ct->size(); ++e)
        if ((*ct)[e] && (e >= yt.size() || !yt[e]) && !IsLaneLocal(val)) lost = true;
    }
    if (lost) {
      const Var* yv = val->As<Var>();
      carry_mismatches_.push_back(
          {ias[i].var->name, yv ? yv->name : std::string("an unbound expression"), y->span});
    }
  }
  for (size_t i = 0; i < rvs.size() && i < ias.size(); ++i) Adopt(rvs[i].get(), ias[i].var);
}

void LaneFacts::If(const ir::IfStmt& s) {
  Walk(ir::FlattenStmts(s.then_body));
  if (s.else_body) Walk(ir::FlattenStmts(s.else_body));
  const ir::YieldStmt* ty = ir::TrailingYield(s.then_body);
  const ir::YieldStmt* ey = s.else_body ? ir::TrailingYield(s.else_body) : nullptr;
  for (size_t i = 0; i < s.return_vars.size(); ++i) {
    const Var* rv = s.return_vars[i].get();
    // A merged value is a region's per-lane value when either branch yields one.
    for (const ir::YieldStmt* y : {ty, ey})
      if (y && i < y->values.size())
        if (const ir::SplitAivStmt* o = RegionOrigin(y->values[i])) origin_.InsertOrAssign(rv, o);
    if (!ty || !ey || i >= ty->values.size() || i >= ey->values.size()) continue;
    const ExprPtr &a = ty->values[i], &b = ey->values[i];
    if (IsLaneLocal(a) && IsLaneLocal(b)) MarkLocal(rv);
    std::vector<bool> ta = TupleFacts(a), tb = TupleFacts(b);
    if (!ta.empty() && ta.size() == tb.size()) {
      std::vector<bool> m(ta.size());
      for (size_t e = 0; e < ta.size(); ++e) m[e] = ta[e] && tb[e];
      tuple_local_.InsertOrAssign(rv, std::move(m));
    }
    if (MayDiffer(a) || MayDiffer(b) || MayDiffer(s.cond)) Differs(rv);
  }
}

void LaneFacts::Region(const ir::SplitAivStmt& r) {
  if (ir::VarPtr lv = ir::LaneVar(r)) lane_vars_.insert(lv.get());
  const ir::SplitAivStmt* outer = region_;
  region_ = &r;
  Stmt(r.body);
  region_ = outer;
}

void LaneFacts::Stmt(const StmtPtr& s) {
  if (!s) return;
  ir::VisitStmtKind(
      *s, ir::Overloaded{[&](const ir::AssignStmt& a) { Assign(a); },
                         [&](const ir::SeqStmts& q) { Walk(q.stmts); },
                         [&](const ir::ForStmt& f) {
                           if (MayDiffer(f.start) || MayDiffer(f.stop) || MayDiffer(f.step))
                             Differs(f.loop_var.get());
                           Loop(f.iter_args, f.body, f.return_vars);
                         },
                         [&](const ir::WhileStmt& w) { Loop(w.iter_args, w.body, w.return_vars); },
                         [&](const ir::IfStmt& i) { If(i); },
                         [&](const ir::ScopeStmt& sc) { Stmt(sc.body); },
                         [&](const ir::SplitAivStmt& r) { Region(r); },
                         // stores, yields, returns, effects: they define nothing
                         [](const auto&) {}});
}

}  // namespace tilesplit::vector_split
