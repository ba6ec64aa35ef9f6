// The region path of LowerAutoVectorSplit: lowers each pl.split_aiv region of an InCore
// function by its own mode (include/tilesplit/transforms/split_regions.h).
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/transforms/analyze_split_body.h"
#include "tilesplit/transforms/split_axis.h"
#include "tilesplit/transforms/split_regions.h"

namespace tilesplit::split_regions {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::Var;
using ir::VarPtr;

std::string ModeName(ir::SplitMode m) {
  switch (m) {
    case ir::SplitMode::None:
      return "NONE";
    case ir::SplitMode::UpDown:
      return "UP_DOWN";
    case ir::SplitMode::LeftRight:
      return "LEFT_RIGHT";
  }
  return "?";
}

std::string Q(const std::string& s) {
  return "'" + s + "'";
}

// A call writing a GM window (tile.store): its result is the tensor it wrote.
bool IsGmWrite(const ir::Call& c) {
  const auto& w = ops::Def(c).gm_window();
  return w && w->access == ops::GmWindow::Access::Write;
}

// Whether `e` is or holds (in call arguments, tuple elements) a boundary call.
bool ExprHasBoundary(const ExprPtr& e) {
  if (!e) return false;
  switch (e->kind) {
    case ir::ExprKind::Call: {
      const ir::Call* c = e->As<ir::Call>();
      if (ops::Def(*c).is_boundary()) return true;
      for (const ExprPtr& x : c->args)
        if (ExprHasBoundary(x)) return true;
      return false;
    }
    case ir::ExprKind::MakeTuple:
      for (const ExprPtr& x : e->As<ir::MakeTuple>()->elements)
        if (ExprHasBoundary(x)) return true;
      return false;
    default:
      return false;
  }
}

// Whether `s` holds a boundary call outside any region (inside scopes too).
bool StmtHasBoundary(const StmtPtr& s) {
  return ir::AnyStmt(s, ir::kWalkOutsideRegions, [&](const StmtPtr& c) {
    return !ir::ForEachLeafExpr(*c, /*yields=*/false,
                                [&](const ExprPtr& e) { return !ExprHasBoundary(e); });
  });
}

// The first region inside `s`, if any.
const ir::SplitAivStmt* FirstRegion(const StmtPtr& s) {
  return ir::FirstOfKind<ir::SplitAivStmt>(s, ir::kWalkAll);
}

// Regions must be scope-free: lowering recurses through for / while / if but never into a
// scope, whose outlining and visibility semantics region-local halving must not cross.
void CheckScopeFree(const StmtPtr& s, const ir::Function& f, bool hidden_regions_pass) {
  if (!s) return;
  if (const ir::ScopeStmt* sc = s->As<ir::ScopeStmt>()) {
    if (hidden_regions_pass) {
      if (const ir::SplitAivStmt* r = FirstRegion(sc->body))
        ir::ThrowUser(r->span,
                      "this pl.split_aiv region sits behind a pl.at scope (it is nested inside a "
                      "scope) in the InCore function " +
                          Q(f.name) +
                          "; region lowering does not reach through a scope, so the region "
                          "would be left unsplit",
                      {{sc->span, "the scope is here"},
                       {ir::Span{},
                        "drop the redundant scope, or write the kernel as a plain "
                        "@pl.function (Opaque) so OutlineIncoreScopes lifts the "
                        "scope into its own function"}});
      return CheckScopeFree(sc->body, f, true);
    }
    ir::ThrowUser(sc->span,
                  "a pl.at scope survives in the split function " + Q(f.name) +
                      " (a scope survives inside a pl.split_aiv region body); region lowering "
                      "steps over scopes, so the vector work inside would run full width on "
                      "both AIV lanes",
                  {{ir::Span{},
                    "remove the scope, or let OutlineIncoreScopes lift it into its "
                    "own function before lowering"}});
  }
  ir::ForEachChild(*s, ir::WalkOptions{.into_scopes = false, .into_regions = true},
                   [&](const StmtPtr& c) { CheckScopeFree(c, f, hidden_regions_pass); });
}

// The region's statements without its leading lane binding.
std::vector<StmtPtr> BodyWithoutLane(const ir::SplitAivStmt& r, const VarPtr& lane) {
  std::vector<StmtPtr> stmts = ir::FlattenStmts(r.body);
  if (lane && !stmts.empty())
    if (const ir::AssignStmt* a = stmts.front()->As<ir::AssignStmt>(); a && a->var == lane)
      stmts.erase(stmts.begin());
  return stmts;
}

StmtPtr LaneBinding(const VarPtr& lane, ir::Span span) {
  return ir::MakeAssign(lane, ops::Create(ops::LaneIndexOp(), {}, {}, span), span);
}

// ---------------------------------------------------------------------------------------------
// LocalizeExplicitBoundaryValid.

class Localizer {
 public:
  Localizer(ir::SplitMode mode, VarPtr lane) : lane_(std::move(lane)) {
    ctx_.mode = mode;
    ctx_.split_dim = split_axis::SplitDimension(mode);
    ctx_.lane = lane_;
    ctx_.auto_arm = false;
  }

  std::vector<StmtPtr> Stmts(const std::vector<StmtPtr>& in) {
    std::vector<StmtPtr> out;
    out.reserve(in.size());
    for (const StmtPtr& s : in) Emit(s, out);
    return out;
  }

  const std::vector<StmtPtr>& Hoisted() const { return hoisted_; }

 private:
  // What is known about a tile whose valid extent on the split axis is this lane's own.
  struct LaneFact {
    int axis;
    ExprPtr extent;      // this lane's extent (an expression of the lane index)
    ExprPtr full_valid;  // the pre-shard extent the two lanes join back to
    bool may_be_empty;   // some lane's extent can be 0: its store must be guarded
    bool pending;        // a runtime extent not yet placed on a consumer (full box popped)
  };

  VarPtr lane_;
  std::vector<StmtPtr> hoisted_;  // cube-side statements that must run before the region
  split_axis::SplitContext ctx_;
  ir::VarMap repl_;
  std::unordered_map<const Var*, LaneFact> facts_;
  // Conditions of the branches being emitted. A store already inside its own lane guard (a
  // region this pass printed and reads back) needs no second one.
  std::vector<ExprPtr> enclosing_;

  bool NeedsGuard(const LaneFact* f) const {
    if (!f || !f->may_be_empty) return false;
    const ExprPtr g = Guard(*f);
    for (const ExprPtr& c : enclosing_)
      if (ir::ExprEqual(c, g)) return false;
    return true;
  }

  ExprPtr Sub(const ExprPtr& e) const {
    if (!e) return e;
    ExprPtr s = ir::Substitute(e, repl_);
    const ir::Call* c = s->As<ir::Call>();
    if (!c) return s;
    // A call nested in an operand (`add(add(h, s), s)`) is typed again from its operands, as
    // the parser types it when it reads the printed form back; the outer call is retyped by
    // its own statement.
    std::vector<ExprPtr> args;
    bool changed = false;
    for (const ExprPtr& a : c->args) {
      args.push_back(RetypeNested(a));
      changed = changed || args.back() != a;
    }
    return changed ? ops::CreateWithType(ops::Def(*c), std::move(args), c->kwargs, c->type, s->span)
                   : s;
  }

  static ExprPtr RetypeNested(const ExprPtr& e) {
    const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
    if (!c) return e;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : c->args) args.push_back(RetypeNested(a));
    ExprPtr again = ops::Create(ops::Def(*c), std::move(args), c->kwargs, e->span);
    return ir::TypeEqual(again->type, e->type) && again->As<ir::Call>()->args == c->args ? e
                                                                                         : again;
  }

  const LaneFact* FactOf(const ExprPtr& e) const {
    if (const ir::Call* c = e ? e->As<ir::Call>() : nullptr) {
      for (const ExprPtr& a : c->args)  // a nested call holds its operand's lane extent
        if (const LaneFact* f = FactOf(a)) return f;
      return nullptr;
    }
    const Var* v = e ? e->As<Var>() : nullptr;
    if (!v) return nullptr;
    auto it = facts_.find(v);
    return it == facts_.end() ? nullptr : &it->second;
  }

  VarPtr Retype(const VarPtr& old, const ir::TypePtr& t) {
    if (ir::TypeEqual(old->type, t)) return old;
    VarPtr v = ir::MakeVar(old->name, t, old->span);
    repl_[old.get()] = v;
    return v;
  }

  void Emit(const StmtPtr& s, std::vector<StmtPtr>& out) {
    switch (s->kind) {
      case ir::StmtKind::Seq:
        for (const StmtPtr& c : s->As<ir::SeqStmts>()->stmts) Emit(c, out);
        return;
      case ir::StmtKind::Assign:
        return EmitAssign(*s->As<ir::AssignStmt>(), out);
      case ir::StmtKind::Eval: {
        ExprPtr e = Sub(s->As<ir::EvalStmt>()->expr);
        if (const LaneFact* f = StoredFact(e); NeedsGuard(f))
          return out.push_back(std::make_shared<ir::IfStmt>(
              Guard(*f), ir::MakeEval(e, s->span), nullptr, std::vector<VarPtr>{}, s->span));
        return out.push_back(ir::MakeEval(e, s->span));
      }
      case ir::StmtKind::Return: {
        std::vector<ExprPtr> vals;
        for (const ExprPtr& v : s->As<ir::ReturnStmt>()->values) {
          ExprPtr e = Sub(v);
          if (const LaneFact* f = StoredFact(e); NeedsGuard(f)) {
            VarPtr r = ir::MakeVar("stored", e->type, s->span);
            out.push_back(GuardedStore(r, e, *f, s->span));
            e = r;
          }
          vals.push_back(e);
        }
        return out.push_back(ir::MakeReturn(std::move(vals), s->span));
      }
      case ir::StmtKind::Yield: {
        std::vector<ExprPtr> vals;
        for (const ExprPtr& v : s->As<ir::YieldStmt>()->values) vals.push_back(Sub(v));
        return out.push_back(ir::MakeYield(std::move(vals), s->span));
      }
      case ir::StmtKind::For: {
        const ir::ForStmt* f = s->As<ir::ForStmt>();
        std::vector<ir::IterArg> ias = IterArgs(f->iter_args);
        StmtPtr body = ir::MakeSeq(Stmts(ir::FlattenStmts(f->body)), f->body->span);
        return out.push_back(std::make_shared<ir::ForStmt>(
            f->loop_var, Sub(f->start), Sub(f->stop), Sub(f->step), f->for_kind, f->stage, ias,
            body, ReturnVars(f->return_vars, ias), f->span));
      }
      case ir::StmtKind::While: {
        const ir::WhileStmt* w = s->As<ir::WhileStmt>();
        std::vector<ir::IterArg> ias = IterArgs(w->iter_args);
        ExprPtr cond = Sub(w->cond);
        StmtPtr body = ir::MakeSeq(Stmts(ir::FlattenStmts(w->body)), w->body->span);
        return out.push_back(std::make_shared<ir::WhileStmt>(
            cond, ias, body, ReturnVars(w->return_vars, ias), w->span));
      }
      case ir::StmtKind::If: {
        const ir::IfStmt* i = s->As<ir::IfStmt>();
        ExprPtr cond = Sub(i->cond);
        enclosing_.push_back(cond);
        StmtPtr t = ir::MakeSeq(Stmts(ir::FlattenStmts(i->then_body)), i->then_body->span);
        enclosing_.pop_back();
        StmtPtr e = i->else_body
                        ? ir::MakeSeq(Stmts(ir::FlattenStmts(i->else_body)), i->else_body->span)
                        : nullptr;
        std::vector<StmtPtr> ts = ir::FlattenStmts(t);
        const ir::YieldStmt* ty = ts.empty() ? nullptr : ts.back()->As<ir::YieldStmt>();
        std::vector<VarPtr> rvs;
        for (size_t k = 0; k < i->return_vars.size(); ++k)
          rvs.push_back(ty && k < ty->values.size() ? Retype(i->return_vars[k], ty->values[k]->type)
                                                    : i->return_vars[k]);
        return out.push_back(std::make_shared<ir::IfStmt>(cond, t, e, rvs, i->span));
      }
      default:
        return out.push_back(s);
    }
  }

  std::vector<ir::IterArg> IterArgs(const std::vector<ir::IterArg>& in) {
    std::vector<ir::IterArg> out;
    for (const ir::IterArg& ia : in) {
      ExprPtr init = Sub(ia.init);
      VarPtr v = Retype(ia.var, init->type);
      if (const LaneFact* f = FactOf(init)) facts_[v.get()] = *f;
      out.push_back({v, init});
    }
    return out;
  }

  std::vector<VarPtr> ReturnVars(const std::vector<VarPtr>& rvs,
                                 const std::vector<ir::IterArg>& ias) {
    std::vector<VarPtr> out;
    for (size_t i = 0; i < rvs.size(); ++i) {
      if (i >= ias.size()) {
        out.push_back(rvs[i]);
        continue;
      }
      VarPtr v = Retype(rvs[i], ias[i].var->type);
      if (const LaneFact* f = FactOf(ias[i].var)) facts_[v.get()] = *f;
      out.push_back(v);
    }
    return out;
  }

  // The lane fact of the tile a tile.store call writes, if the store is one.
  const LaneFact* StoredFact(const ExprPtr& e) const {
    const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
    if (!c || !IsGmWrite(*c) || c->args.empty()) return nullptr;
    return FactOf(c->args[0]);
  }

  ExprPtr Guard(const LaneFact& f) const {
    return ir::MakeBinary(ir::BinaryOp::Gt, f.extent, ir::Index(0));
  }

  // `r = store(...)` only when this lane holds rows; otherwise the tensor passes through.
  StmtPtr GuardedStore(const VarPtr& r, const ExprPtr& store, const LaneFact& f, ir::Span span) {
    const ir::Call* c = store->As<ir::Call>();
    VarPtr inner = ir::MakeVar(r->name, store->type, span);
    StmtPtr then_b =
        ir::MakeSeq({ir::MakeAssign(inner, store, span), ir::MakeYield({inner}, span)}, span);
    StmtPtr else_b = ir::MakeSeq({ir::MakeYield({c->args[2]}, span)}, span);
    return std::make_shared<ir::IfStmt>(Guard(f), then_b, else_b, std::vector<VarPtr>{r}, span);
  }

  void EmitAssign(const ir::AssignStmt& a, std::vector<StmtPtr>& out) {
    ExprPtr value = Sub(a.value);
    const ir::Call* c = value->As<ir::Call>();
    if (!c) {
      VarPtr v = Retype(a.var, value->type);
      if (const LaneFact* f = FactOf(value)) facts_[v.get()] = *f;
      return out.push_back(ir::MakeAssign(v, value, a.span));
    }
    const ops::OpDef& op = ops::Def(*c);
    if (op.is_shard()) return EmitShard(a, *c, out);
    if (op.is_gather()) return EmitGather(a, *c, value, out);
    if (IsGmWrite(*c)) {
      if (const LaneFact* f = StoredFact(value); NeedsGuard(f)) {
        VarPtr v = Retype(a.var, value->type);
        return out.push_back(GuardedStore(v, value, *f, a.span));
      }
      return out.push_back(ir::MakeAssign(Retype(a.var, value->type), value, a.span));
    }
    const LaneFact* in = nullptr;
    for (const ExprPtr& arg : c->args)
      if ((in = FactOf(arg))) break;
    if (!in || !ir::AsTileType(c->type)) {
      // Untouched by any localized extent: re-typed only when an operand was.
      ExprPtr e = value;
      if (value != a.value) e = ops::Create(ops::Def(*c), c->args, c->kwargs, a.span);
      return out.push_back(ir::MakeAssign(Retype(a.var, e->type), e, a.span));
    }
    if (op.rectangle_change() != ops::RectangleChange::None)
      ir::ThrowUser(a.span,
                    op.name() +
                        " reshapes the logical rectangle of a tile whose valid extent on the "
                        "split axis is this lane's own (" +
                        ir::ExprToString(in->extent) +
                        "), which cannot follow the per-lane extent through the new shape",
                    {{ir::Span{},
                      "apply it to a tile both lanes hold fully valid, or before the "
                      "tile.aiv_shard on the cube side"}});
    // Consumers that pass valid_shape through take the lane's extent from their operand; a
    // pending runtime extent lands on this, its first consumer.
    LaneFact fact = *in;
    ExprPtr e = ops::Create(ops::Def(*c), c->args, c->kwargs, a.span);
    const ir::TileType* t = ir::AsTileType(e->type);
    if (fact.pending && t && fact.axis < static_cast<int>(t->shape.size())) {
      std::vector<ExprPtr> valid = t->valid();
      valid[fact.axis] = fact.extent;
      ir::TypePtr nt = ir::WithValid(*t, std::move(valid));
      e = ops::CreateWithType(ops::Def(*c), c->args, c->kwargs, nt, a.span);
      fact.pending = false;
    }
    VarPtr v = Retype(a.var, e->type);
    // An op that sets the split-axis extent to a nonzero constant (tile.set_validshape to the
    // half box) ends the lane dependence: its result is an ordinary tile from here on.
    const std::optional<int64_t> fixed =
        !fact.pending && t && fact.axis < static_cast<int>(t->shape.size())
            ? ir::AsConstInt(t->valid()[fact.axis])
            : std::nullopt;
    if (!fixed) {
      facts_[v.get()] = fact;
    } else if (*fixed == 0) {  // no lane holds rows: its stores stay guarded
      fact.extent = t->valid()[fact.axis];
      fact.may_be_empty = true;
      facts_[v.get()] = fact;
    }
    out.push_back(ir::MakeAssign(v, e, a.span));
  }

  static bool Placeable(int64_t box, int64_t valid) {
    const ops::LaneExtentPair e = ops::LaneExtents(box, valid, std::nullopt);
    return e.e0 == e.e1 || e.e0 == e.e1 + 1 || e.e1 == 0;
  }

  // A runtime extent (no code fits every value) or a static one no code places (13 of 16 rows
  // leaves 8 and 5): the transport carries the FULL box, whose lanes always place, and the
  // lane's own extent is applied right after the pop. The widening is cube work, so it runs just
  // before the region; the shard then reads a fully valid tile, which its text states exactly.
  void EmitFullBoxShard(const ir::AssignStmt& a, const ir::Call& c, const ir::TileType& src,
                        int axis, LaneFact fact, std::vector<StmtPtr>& out) {
    std::vector<ExprPtr> box_valid = src.valid();
    box_valid[axis] = src.shape[axis];
    ExprPtr widened =
        ops::Create(ops::ValidShapeSetterOp(), {c.args[0], box_valid[0], box_valid[1]}, {}, a.span);
    VarPtr box = ir::MakeVar(a.var->name + "_box", widened->type, a.var->span);
    hoisted_.push_back(ir::MakeAssign(box, widened, a.span));
    ExprPtr deduced = ops::Create(ops::Def(c), {box}, c.kwargs, a.span);
    const ir::TileType* dt = ir::AsTileType(deduced->type);
    const ExprPtr half = dt->shape[axis];
    // Lane 1's start is read from its own pop extent: its share of the full box (8 of an odd
    // 17), never the deducer's lane-agnostic 9.
    ExprPtr ls = ir::Mul(lane_, half);
    std::vector<ExprPtr> pop_valid = dt->valid();
    pop_valid[axis] = ir::Min(ir::Sub(ir::Max(src.shape[axis], ls), ls), half);
    if (auto b = ir::AsConstInt(src.shape[axis]); b && *b % 2 == 0) pop_valid[axis] = half;
    if (ir::ExprListEqual(pop_valid, dt->shape)) pop_valid.clear();
    ir::TypePtr pop_type = ir::WithValid(*dt, std::move(pop_valid));
    VarPtr pop = ir::MakeVar(a.var->name + "_pop", pop_type, a.var->span);
    out.push_back(ir::MakeAssign(
        pop, ops::CreateWithType(ops::Def(c), {box}, c.kwargs, pop_type, a.span), a.span));
    std::vector<ExprPtr> lane_valid = dt->valid();
    lane_valid[axis] = fact.extent;
    ExprPtr narrowed =
        ops::Create(ops::ValidShapeSetterOp(), {pop, lane_valid[0], lane_valid[1]}, {}, a.span);
    VarPtr nv = Retype(a.var, narrowed->type);
    if (auto v = ir::AsConstInt(fact.full_valid)) {
      const ops::LaneExtentPair p =
          ops::LaneExtents(*ir::AsConstInt(src.shape[axis]), *v, std::nullopt);
      fact.may_be_empty = p.e0 == 0 || p.e1 == 0;
    }
    facts_[nv.get()] = fact;
    out.push_back(ir::MakeAssign(nv, narrowed, a.span));
  }

  void EmitShard(const ir::AssignStmt& a, const ir::Call& c, std::vector<StmtPtr>& out) {
    auto split = ir::GetAttr<int64_t>(c.kwargs, "split");
    const ir::TileType* src = ir::TileTypeOf(c.args[0]);
    const ir::TileType* rt = ir::AsTileType(c.type);
    ExprPtr call = ops::Create(ops::Def(c), c.args, c.kwargs, a.span);
    if (!split || *split == 0 || !src || !rt || src->shape.size() != 2) {
      return out.push_back(ir::MakeAssign(Retype(a.var, call->type), call, a.span));
    }
    const int axis = static_cast<int>(*split) - 1;
    const ExprPtr box = src->shape[axis];
    const ExprPtr full_valid = src->valid()[axis];
    const ir::TileType* dt = ir::AsTileType(call->type);
    const ExprPtr half = dt->shape[axis];
    auto b = ir::AsConstInt(box);
    auto v = ir::AsConstInt(full_valid);
    if (!b)
      ir::ThrowUser(a.span,
                    "tile.aiv_shard of " + Q(ir::ExprToString(c.args[0])) +
                        ", whose box on the split axis is the runtime value " +
                        ir::ExprToString(box) +
                        ": lane 1's band starts at the box half rounded up, and which split "
                        "code places it there depends on the box being odd or even",
                    {{ir::Span{},
                      "give the split axis a static box (the largest one the kernel takes) "
                      "and make its valid extent the runtime value instead"}});
    ExprPtr ls = ir::Mul(lane_, half);
    ExprPtr lane_extent = ir::Min(ir::Sub(ir::Max(full_valid, ls), ls), half);
    std::vector<ExprPtr> valid = dt->valid();
    LaneFact fact{axis, lane_extent, full_valid, true, false};
    if (!v || !Placeable(*b, *v)) return EmitFullBoxShard(a, c, *src, axis, fact, out);
    if (b && v) {
      try {  // the column rules of the boundary (the placement itself is settled above)
        ops::ShardSplitCode(static_cast<ir::SplitMode>(*split), src->shape, src->valid(),
                            std::nullopt);
      } catch (const ir::UserError& e) {
        throw e.WithSpanIfMissing(a.span);
      }
      ops::LaneExtentPair p = ops::LaneExtents(*b, *v, std::nullopt);
      fact.may_be_empty = p.e0 == 0 || p.e1 == 0;
      if (p.e0 == p.e1) fact.extent = ir::MakeConstInt(p.e0);
      valid[axis] = fact.extent;
    }
    if (ir::ExprListEqual(valid, dt->shape)) valid.clear();
    ir::TypePtr type = ir::WithValid(*dt, std::move(valid));
    VarPtr nv = Retype(a.var, type);
    if (!ir::IsConstInt(fact.extent, ir::AsConstInt(half).value_or(-1)) || fact.may_be_empty)
      facts_[nv.get()] = fact;
    out.push_back(ir::MakeAssign(
        nv, ops::CreateWithType(ops::Def(c), c.args, c.kwargs, type, a.span), a.span));
  }

  // Lane l lands at l * half: the join is a rectangle only when the bands abut.
  void EmitGather(const ir::AssignStmt& a, const ir::Call& c, const ExprPtr& value,
                  std::vector<StmtPtr>& out) {
    auto split = ir::GetAttr<int64_t>(c.kwargs, "split");
    const ir::TileType* in = ir::TileTypeOf(c.args[0]);
    if (!split || *split == 0 || !in || in->shape.size() != 2) {
      ExprPtr e = value == a.value ? value : ops::Create(ops::Def(c), c.args, c.kwargs, a.span);
      return out.push_back(ir::MakeAssign(Retype(a.var, e->type), e, a.span));
    }
    const int axis = static_cast<int>(*split) - 1;
    ExprPtr e = ops::Create(ops::Def(c), c.args, c.kwargs, a.span);
    const LaneFact* lf = FactOf(c.args[0]);
    if (lf && lf->axis == axis && !ops::ProvablyEqual(lf->extent, in->shape[axis])) {
      // Lane 1 lands at its own extent, so a lane extent below the half box (8 and 7 of 15
      // rows, or a runtime one) would put it early: both lanes hand over their full half boxes,
      // which abut, and the join keeps the type the author's program gives it (the rows past
      // the pre-shard extent are undefined there too), so later uses keep their variable.
      std::vector<ExprPtr> box_valid = in->valid();
      box_valid[axis] = in->shape[axis];
      ExprPtr widened = ops::Create(ops::ValidShapeSetterOp(),
                                    {c.args[0], box_valid[0], box_valid[1]}, {}, a.span);
      VarPtr lanes = ir::MakeVar(a.var->name + "_lanes", widened->type, a.var->span);
      out.push_back(ir::MakeAssign(lanes, widened, a.span));
      ExprPtr joined = ops::Create(ops::Def(c), {lanes}, c.kwargs, a.span);
      const ir::TileType* jt = ir::AsTileType(joined->type);
      const ir::TileType* old_t = ir::AsTileType(a.var->type);
      ir::TypePtr t = joined->type;
      if (old_t && ir::ExprListEqual(old_t->shape, jt->shape) && old_t->memory == jt->memory)
        t = a.var->type;
      e = ops::CreateWithType(ops::Def(c), {lanes}, c.kwargs, t, a.span);
      return out.push_back(ir::MakeAssign(Retype(a.var, e->type), e, a.span));
    }
    if (const LaneFact* f = lf; f && f->axis == axis) {
      // Fed by a localized shard: the bands abut, so the join is exactly the pre-shard extent.
      const ir::TileType* gt = ir::AsTileType(e->type);
      std::vector<ExprPtr> valid = gt->valid();
      valid[axis] = f->full_valid;
      if (ir::ExprListEqual(valid, gt->shape)) valid.clear();
      e = ops::CreateWithType(ops::Def(c), c.args, c.kwargs, ir::WithValid(*gt, std::move(valid)),
                              a.span);
    } else {
      auto lv = ir::AsConstInt(in->valid()[axis]);
      auto hb = ir::AsConstInt(in->shape[axis]);
      if (lv && hb && *lv != *hb && *lv != 0)
        ir::ThrowUser(a.span,
                      "tile.aic_gather joins " + Q(ir::ExprToString(c.args[0])) + ", valid for " +
                          std::to_string(*lv) + " of " + std::to_string(*hb) +
                          " cells on the split axis in both lanes: lane 1 lands at the half box, "
                          "so the two bands would not abut",
                      {{ir::Span{},
                        "gather a tile whose lanes fill their half boxes, or narrow "
                        "the valid extent on the cube side after the gather"}});
    }
    out.push_back(ir::MakeAssign(Retype(a.var, e->type), e, a.span));
  }
};

// ---------------------------------------------------------------------------------------------
// The region path.

// Every variable read anywhere in a statement (in expressions and in the types written inside
// it), as ir::UsesVar sees a use.
class UseCollector : public ir::IRVisitor {
 public:
  std::unordered_set<const Var*> used;

 protected:
  void VisitVar(const VarPtr& v) override {
    if (v) used.insert(v.get());
  }
};

// Finds the first variable of `halved` an expression reads, in first-use order, looking into
// the type of each variable it meets (its dimensions are read with it, as ir::FreeVars has it).
class HalvedUseFinder : public ir::IRVisitor {
 public:
  explicit HalvedUseFinder(const std::unordered_map<const Var*, ir::Span>& halved)
      : halved_(halved) {}
  VarPtr Find(const ExprPtr& e) {
    VisitExpr(e);
    return found_;
  }

  void VisitExpr(const ExprPtr& e) override {
    if (!found_) IRVisitor::VisitExpr(e);
  }

 protected:
  void VisitVar(const VarPtr& v) override {
    if (found_ || !v) return;
    if (halved_.count(v.get())) {
      found_ = v;
      return;
    }
    VisitType(v->type);
  }

 private:
  const std::unordered_map<const Var*, ir::Span>& halved_;
  VarPtr found_;
};

class RegionLowerer {
 public:
  explicit RegionLowerer(const ir::FunctionPtr& f) : f_(f), names_(*f) {}

  StmtPtr Lower(const StmtPtr& s) {
    if (!s) return s;
    if (const ir::SplitAivStmt* r = s->As<ir::SplitAivStmt>()) return Region(*r);
    if (const ir::SeqStmts* q = s->As<ir::SeqStmts>()) {
      std::vector<StmtPtr> out;  // an empty region lowers to nothing
      for (const StmtPtr& c : q->stmts)
        if (StmtPtr l = Lower(c)) out.push_back(l);
      return ir::MakeSeq(std::move(out), s->span);
    }
    // Loops and branches are rebuilt around their lowered bodies; a scope is not entered
    // (CheckScopeFree has refused the ones that hide regions).
    return ir::MapChildren(s, ir::kWalkOutsideScopes, [&](const StmtPtr& b) { return Body(b); });
  }

  // Values a full-width region halved keep their old variables outside it: a later use would
  // read a variable with no definition.
  void CheckNoHalvedLeak(const StmtPtr& body) const {
    if (halved_.empty()) return;
    LeakScan(body, nullptr);
  }

 private:
  ir::FunctionPtr f_;
  ir::NameGenerator names_;
  std::unordered_map<const Var*, ir::Span> halved_;  // old variable -> its region
  // The variables the function reads, collected at the first empty region: asking ir::UsesVar
  // for each empty region walked the whole function each time, quadratic in the regions.
  std::optional<std::unordered_set<const Var*>> used_;

  bool UsedInFunction(const Var* v) {
    if (!used_) {
      UseCollector c;
      c.VisitStmt(f_->body);
      used_ = std::move(c.used);
    }
    return used_->count(v) > 0;
  }

  StmtPtr Body(const StmtPtr& b) {
    StmtPtr l = Lower(b);
    return l ? l : ir::MakeSeq({}, b->span);
  }

  StmtPtr Region(const ir::SplitAivStmt& r) {
    VarPtr lane = ir::LaneVar(r);
    std::vector<StmtPtr> body = BodyWithoutLane(r, lane);
    if (body.empty()) {
      // An empty region does nothing; keep only a lane binding something else reads.
      if (lane && UsedInFunction(lane.get())) return LaneBinding(lane, r.span);
      return nullptr;
    }
    if (r.mode == ir::SplitMode::None)
      return std::make_shared<ir::SplitAivStmt>(r.mode, r.body, r.span);
    if (RegionBodyHasExplicitBoundary(r)) {
      ValidateMixedExplicitRegion(r);
      return LocalizeExplicitBoundaryValid(r);
    }
    if (ir::RegionReadsLane(r)) {
      // A body that reads its lane binding is already written per lane (the form this pass
      // prints for a region it halved): halving it again would halve its tiles twice. It is
      // admitted like an explicit body and kept as written.
      split_axis::AdmissionInput in;
      in.mode = r.mode;
      in.lane = lane.get();
      split_axis::ReportAdmission(split_axis::AnalyzeSplitBody(ir::FlattenStmts(r.body), in),
                                  split_axis::BodyOrigin::Explicit,
                                  "this pl.split_aiv region (mode " + ModeName(r.mode) +
                                      ", kept as written because its body reads the lane index '" +
                                      lane->name + "')",
                                  lane->name);
      return LocalizeExplicitBoundaryValid(r);
    }
    // Data-parallel, full width: halve through the shared machinery with region-local state.
    split_axis::SplitContext ctx;
    ctx.mode = r.mode;
    ctx.split_dim = split_axis::SplitDimension(r.mode);
    ctx.auto_arm = false;
    std::vector<StmtPtr> out;
    if (!lane) lane = split_axis::MakeLaneVar(names_);
    ctx.lane = lane;
    ctx.names = &names_;
    out.push_back(LaneBinding(lane, r.span));
    for (StmtPtr& s : split_axis::ProcessStmts(body, ctx)) out.push_back(std::move(s));
    for (const auto& [old, nv] : ctx.replacements) halved_.emplace(old, r.span);
    return std::make_shared<ir::SplitAivStmt>(r.mode, ir::MakeSeq(std::move(out), r.body->span),
                                              r.span);
  }

  void LeakScan(const StmtPtr& s, const ir::SplitAivStmt* region) const {
    if (!s) return;
    // A sibling region must not read another region's halves.
    if (const ir::SplitAivStmt* r = s->As<ir::SplitAivStmt>()) return LeakScan(r->body, r);
    // What the statement reads itself (loop inits, conditions, a leaf's values), then its bodies.
    if (auto loop = ir::AsLoop(*s))
      for (const ir::IterArg& ia : *loop->iter_args) LeakExpr(ia.init, s->span);
    if (const ir::WhileStmt* w = s->As<ir::WhileStmt>()) LeakExpr(w->cond, s->span);
    if (const ir::IfStmt* i = s->As<ir::IfStmt>()) LeakExpr(i->cond, s->span);
    ir::ForEachLeafExpr(*s, /*yields=*/true, [&](const ExprPtr& e) { LeakExpr(e, s->span); });
    ir::ForEachChild(*s, ir::kWalkOutsideScopes, [&](const StmtPtr& c) { LeakScan(c, region); });
  }

  void LeakExpr(const ExprPtr& e, ir::Span span) const {
    if (VarPtr v = HalvedUseFinder(halved_).Find(e)) {
      auto it = halved_.find(v.get());
      ir::ThrowUser(span,
                    Q(v->name) +
                        " is halved by the pl.split_aiv region above (each lane holds "
                        "only its part), but this statement outside the region reads it "
                        "as the full tile",
                    {{it->second, "the region is here"},
                     {ir::Span{},
                      "move this use into the region, or write the region with "
                      "explicit tile.aiv_shard / tile.aic_gather boundaries"}});
    }
  }
};

}  // namespace

bool HasSplitRegion(const ir::StmtPtr& s) {
  return FirstRegion(s) != nullptr;
}

bool RegionBodyHasExplicitBoundary(const ir::SplitAivStmt& region) {
  return StmtHasBoundary(region.body);
}

void ValidateMixedExplicitRegion(const ir::SplitAivStmt& region) {
  if (region.mode == ir::SplitMode::None) return;  // task-parallel: everything is full width
  VarPtr lane = ir::LaneVar(region);
  split_axis::AdmissionInput in;
  in.mode = region.mode;
  in.lane = lane.get();
  split_axis::AdmissionReport report =
      split_axis::AnalyzeSplitBody(ir::FlattenStmts(region.body), in);
  split_axis::ReportAdmission(report, split_axis::BodyOrigin::Explicit,
                              "this pl.split_aiv region (mode " + ModeName(region.mode) +
                                  ", kept as written because it carries explicit boundary ops)",
                              lane ? lane->name : std::string());
}

ir::StmtPtr LocalizeExplicitBoundaryValid(const ir::SplitAivStmt& region) {
  VarPtr lane = ir::LaneVar(region);
  const bool injected = !lane;
  if (injected) lane = ir::MakeVar("aiv_id", ir::MakeScalarType(ir::DataType::INDEX), region.span);
  std::vector<StmtPtr> body = BodyWithoutLane(region, injected ? nullptr : lane);
  Localizer loc(region.mode, lane);
  std::vector<StmtPtr> out = loc.Stmts(body);
  // A fresh lane binding is kept only when the repair referenced it.
  std::vector<StmtPtr> with_lane;
  StmtPtr seq = ir::MakeSeq(out, region.body->span);
  if (!injected || ir::UsesVar(seq, lane.get()))
    with_lane.push_back(LaneBinding(lane, region.span));
  for (StmtPtr& s : out) with_lane.push_back(std::move(s));
  StmtPtr localized = std::make_shared<ir::SplitAivStmt>(
      region.mode, ir::MakeSeq(std::move(with_lane), region.body->span), region.span);
  if (loc.Hoisted().empty()) return localized;
  std::vector<StmtPtr> with_hoisted = loc.Hoisted();
  with_hoisted.push_back(std::move(localized));
  return ir::MakeSeq(std::move(with_hoisted), region.span);
}

ir::FunctionPtr LowerExplicitRegionFunction(const ir::FunctionPtr& f) {
  CheckScopeFree(f->body, *f, /*hidden_regions_pass=*/true);
  CheckScopeFree(f->body, *f, /*hidden_regions_pass=*/false);
  RegionLowerer lowerer(f);
  StmtPtr body = lowerer.Lower(f->body);
  if (!body) body = ir::MakeSeq({}, f->body->span);
  lowerer.CheckNoHalvedLeak(body);
  ir::AttrMap attrs = f->attrs;
  ir::SetSortedAttr(attrs, "split_aiv", true);
  ir::FunctionPtr lowered = std::make_shared<ir::Function>(
      f->name, f->func_type, f->params, f->return_types, std::move(attrs), body, f->span);
  return ir::DeepClone(lowered);
}

}  // namespace tilesplit::split_regions
