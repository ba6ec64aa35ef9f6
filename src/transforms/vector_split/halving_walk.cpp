// The statement walker of the halving (halving_parts.h): each leaf goes to the family of rules
// its call belongs to, loops and ifs are rebuilt around their halved bodies.
#include "halving_parts.h"
#include "split_remarks.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::vector_split {

using analysis::CoreAffinity;

std::vector<StmtPtr> Halver::Stmts(const std::vector<StmtPtr>& in) {
  std::vector<StmtPtr> out;
  out.reserve(in.size());
  for (const StmtPtr& s : in) Emit(s, out);
  return out;
}

StmtPtr Halver::One(const StmtPtr& s) {
  std::vector<StmtPtr> out;
  Emit(s, out);
  if (out.size() == 1) return out[0];
  return ir::MakeSeq(std::move(out), s->span);
}

// A call nested as an operand of another call (pl.store(pl.add(y, y), ...), pl.add(pl.exp(y),
// y)) is bound to a fresh name and emitted first, innermost first, so it is halved, localized
// or rejected exactly as the form with a named intermediate would be.
ExprPtr Halver::HoistNested(const ExprPtr& e, ir::Span span, std::vector<StmtPtr>& out) {
  const Call* c = e ? e->As<Call>() : nullptr;
  if (!c) return e;
  std::vector<ExprPtr> args = c->args;
  bool changed = false;
  for (ExprPtr& a : args) {
    const Call* inner = a ? a->As<Call>() : nullptr;
    if (!inner || !a->type) continue;
    const std::string& op = inner->op_name();
    VarPtr t = ir::MakeVar(state_.FreshName(op.substr(op.rfind('.') + 1)), a->type, span);
    Emit(BindAs(t, HoistNested(a, span, out), span), out);
    a = t;
    changed = true;
  }
  if (!changed) return e;
  return ops::CreateWithType(ops::Def(*c), std::move(args), c->kwargs, c->type, c->span);
}

// The unsplit program the split is checked against runs once, with no lane: a user's lane
// query inside a body the pass halves has no meaning there, and after the split it would
// shift every address it feeds a second time on top of the pass's own localisation.
void Halver::RejectLaneQuery(const ir::Stmt& s) {
  // A user's own lane query anywhere in what the statement reads itself: a leaf's values, a
  // loop's bounds, a condition. Bodies are checked statement by statement as they are emitted.
  bool found = !ir::ForEachLeafExpr(s, /*yields=*/true,
                                    [&](const ExprPtr& e) { return !ops::ReadsLaneIndex(e); });
  if (const ir::ForStmt* fs = s.As<ir::ForStmt>())
    found = found || ops::ReadsLaneIndex(fs->start) || ops::ReadsLaneIndex(fs->stop) ||
            ops::ReadsLaneIndex(fs->step);
  if (const ir::WhileStmt* w = s.As<ir::WhileStmt>()) found = found || ops::ReadsLaneIndex(w->cond);
  if (const ir::IfStmt* i = s.As<ir::IfStmt>()) found = found || ops::ReadsLaneIndex(i->cond);
  if (!found) return;
  Reject(ctx_, s.span,
         "pl.tile.get_subblock_idx() in a body the pass splits " +
             std::string(ctx_.auto_arm ? "automatically" : "as a full-width region") +
             ": the unsplit program it is checked against has no lane, and the split already "
             "moves every address by the lane on its own",
         std::string("drop the lane query and write full-width offsets (the split localizes them), "
                     "or ") +
             (ctx_.auto_arm ? "write the per-lane code in a pl.split_aiv region, whose loop "
                              "variable is the lane"
                            : "name the region's loop variable (for aiv in pl.split_aiv(...)) "
                              "and use it: a body that reads it is kept as written, per lane"));
}

void Halver::Emit(const StmtPtr& s, std::vector<StmtPtr>& out) {
  RejectLaneQuery(*s);
  ir::VisitStmtKind(
      *s,
      ir::Overloaded{
          [&](const ir::SeqStmts& q) {
            for (const StmtPtr& c : q.stmts) Emit(c, out);
          },
          [&](const ir::AssignStmt& a) {
            ExprPtr value = HoistNested(a.value, s->span, out);
            if (value == a.value) return EmitAssign(a, s, out);
            StmtPtr flat = BindAs(a.var, value, s->span);
            EmitAssign(*flat->As<ir::AssignStmt>(), flat, out);
          },
          [&](const ir::EvalStmt& ev) {
            ExprPtr e = state_.Sub(HoistNested(ev.expr, s->span, out));
            if (const Call* c = e->As<Call>()) e = RewriteEffectCall(e, *c, s->span);
            out.push_back(ir::MakeEval(e, s->span));
          },
          [&](const ir::ReturnStmt& r) {
            std::vector<ExprPtr> vals;
            for (const ExprPtr& v : r.values) {
              ExprPtr e = state_.Sub(HoistNested(v, s->span, out));
              // `return pl.store(v, ...)` is ordinary DSL: its store is localized like any
              // other.
              if (const Call* c = e->As<Call>()) e = RewriteEffectCall(e, *c, s->span);
              vals.push_back(e);
            }
            out.push_back(ir::MakeReturn(std::move(vals), s->span));
          },
          [&](const ir::YieldStmt& y) {
            std::vector<ExprPtr> vals;
            for (const ExprPtr& v : y.values) vals.push_back(state_.Sub(v));
            out.push_back(ir::MakeYield(std::move(vals), s->span));
          },
          [&](const ir::ForStmt& f) { EmitFor(f, out); },
          [&](const ir::WhileStmt& wl) { EmitWhile(wl, out); },
          [&](const ir::IfStmt& i) { EmitIf(i, out); },
          [&](const ir::ScopeStmt&) {
            Reject(ctx_, s->span,
                   "a pl.at scope inside a split body: halving does not cross a scope boundary",
                   "remove the scope, or let the outliner lift it into its own function first");
          },
          [&](const ir::SplitAivStmt&) {
            Reject(ctx_, s->span, "a pl.split_aiv region cannot nest inside a split body",
                   "split_aiv regions do not nest; write the vector work directly in the region");
          },
          [&](const ir::SpmdScopeStmt&) {
            Reject(ctx_, s->span,
                   "a pl.spmd launch inside a split body: a kernel launches no blocks",
                   "move the pl.spmd launch to the orchestration function that calls the kernel");
          }});
}

void Halver::EmitAssign(const ir::AssignStmt& a, const StmtPtr& s, std::vector<StmtPtr>& out) {
  // A vector call is rebuilt by its halving from its operands, so under detach the node a copy of
  // it would make is never output: its operands are substituted into a copy on the stack instead
  // (nothing the halving keeps points at the call itself).
  if (const Call* src = ctx_.detach ? a.value->As<Call>() : nullptr) {
    std::vector<ExprPtr> args;
    args.reserve(src->args.size());
    for (const ExprPtr& x : src->args) args.push_back(state_.Sub(x));
    const Call view(src->op, std::move(args), src->kwargs, DetachType(ctx_, src->type), src->span,
                    src->attrs);
    if (analysis::ClassifyMoveDirection(view) == analysis::MoveDirection::NONE &&
        analysis::ClassifyCallAffinity(view) == CoreAffinity::VECTOR)
      return calls_.EmitHalved(a.var, view, s->span, out);
  }
  ExprPtr value = state_.Sub(a.value);
  if (const Call* c = value->As<Call>()) return EmitCallAssign(a.var, *c, value, s->span, out);
  // Aliases and projections carry their source's partition.
  const LaneBox* info = OperandSplitInfo(ctx_, value);
  VarPtr v = state_.Rebind(a.var, value->type, false, /*deduced=*/true);
  if (info) state_.Track(v, *info);
  if (const ir::Var* src = value->As<ir::Var>()) ctx_.facts->CopyTupleBoxes(src, v.get());
  out.push_back(BindAs(v, value, s->span));
}

void Halver::EmitCallAssign(const VarPtr& var, const Call& call, const ExprPtr& value,
                            ir::Span span, std::vector<StmtPtr>& out) {
  const analysis::MoveDirection dir = analysis::ClassifyMoveDirection(call);
  if (dir == analysis::MoveDirection::CUBE_TO_VECTOR)
    return boundary_.EmitShard(var, call, span, out);
  if (dir == analysis::MoveDirection::VECTOR_TO_CUBE)
    return boundary_.EmitGather(var, call, span, out);
  if (analysis::ClassifyCallAffinity(call) == CoreAffinity::VECTOR)
    return calls_.EmitHalved(var, call, span, out);
  // CUBE work stays full; SHARED work (scratch tile.create, scalar reads) is replicated. A
  // cube-side extract still addresses its source by coordinates.
  calls_.windows().CheckAddressedWindow(call, span);
  VarPtr v = state_.Rebind(var, value->type);
  RemarkKeptWhole(*v, call);
  out.push_back(BindAs(v, value, span));
}

// Stores and other result-less vector calls: a store of a partitioned tile writes this
// lane's rows (LocalizeStoreOffset).
ExprPtr Halver::RewriteEffectCall(const ExprPtr& e, const Call& call, ir::Span span) {
  if (!IsGmWrite(call)) return e;
  return calls_.LocalizeStore(call, span);
}

void Halver::EmitFor(const ir::ForStmt& f, std::vector<StmtPtr>& out) {
  std::vector<ir::IterArg> ias = carries_.CarryIterArgs(f.iter_args);
  VarPtr loop_var = ctx_.detach ? DetachDef(ctx_, f.loop_var) : f.loop_var;
  StmtPtr body = One(f.body);
  carries_.ValidateCarryBackedge(ias, body);
  std::vector<VarPtr> rvs = carries_.RepairReturnVars(f.return_vars, ias);
  out.push_back(std::make_shared<ir::ForStmt>(loop_var, state_.Sub(f.start), state_.Sub(f.stop),
                                              state_.Sub(f.step), f.for_kind, f.stage,
                                              std::move(ias), body, std::move(rvs), f.span));
}

void Halver::EmitWhile(const ir::WhileStmt& w, std::vector<StmtPtr>& out) {
  std::vector<ir::IterArg> ias = carries_.CarryIterArgs(w.iter_args);
  ExprPtr cond = state_.Sub(w.cond);
  StmtPtr body = One(w.body);
  carries_.ValidateCarryBackedge(ias, body);
  std::vector<VarPtr> rvs = carries_.RepairReturnVars(w.return_vars, ias);
  out.push_back(
      std::make_shared<ir::WhileStmt>(cond, std::move(ias), body, std::move(rvs), w.span));
}

void Halver::EmitIf(const ir::IfStmt& s, std::vector<StmtPtr>& out) {
  ExprPtr cond = state_.Sub(s.cond);
  StmtPtr then_b = One(s.then_body);
  StmtPtr else_b = s.else_body ? One(s.else_body) : nullptr;
  std::vector<VarPtr> rvs = carries_.MergeIfReturnVars(s, then_b, else_b);
  out.push_back(std::make_shared<ir::IfStmt>(cond, then_b, else_b, std::move(rvs), s.span));
}

}  // namespace tilesplit::vector_split
