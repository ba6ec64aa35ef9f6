// SSA conversion (dsl.md 8.1), the core of the convert-to-ssa pass, kept in ir/ so that the
// front end can run it without reaching up into transforms/: the parser writes a rebinding, inside
// a for/while/if body, of a variable defined outside the body as a second definition of that same
// Var. This pass gives every definition its own Var and threads the values through the structured
// control flow: a loop gets an iter arg (init = the value before the loop), a yield of the value at
// the end of the body and a return var holding it after the loop; an if gets a return var and a
// yield in both branches (an else is synthesised when missing). Afterwards every Var is defined
// once. Like explicit carries, a carry takes its init value's type and a merge its then-value's
// type; the parser has already checked that every rebinding agrees with the variable it rebinds.
#include "tilesplit/ir/ssa.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "tilesplit/ir/error.h"

namespace tilesplit::ir {
namespace {

// Counts definitions per variable; the variables defined more than once are the ones to convert.
class DefCounter {
 public:
  std::unordered_map<const Var*, int> counts;

  void Def(const VarPtr& v) { ++counts[v.get()]; }
  void Walk(const StmtPtr& s) {
    if (!s) return;
    switch (s->kind) {
      case ir::StmtKind::Assign:
        Def(s->As<ir::AssignStmt>()->var);
        break;
      case ir::StmtKind::Seq: {
        const std::vector<StmtPtr>& stmts = s->As<ir::SeqStmts>()->stmts;
        // A yield ends its body: the parser never writes one earlier and the well-formedness
        // checks refuse it, so one here is IR built by hand with verification off, which
        // conversion cannot read (the statements after it would follow the value it hands on).
        for (size_t i = 0; i + 1 < stmts.size(); ++i)
          if (stmts[i]->kind == ir::StmtKind::Yield)
            ThrowInternal(stmts[i]->span, "SSA conversion: a YieldStmt at position " +
                                              std::to_string(i) + " of a body of " +
                                              std::to_string(stmts.size()) +
                                              " statements; a yield must end its body");
        for (const StmtPtr& c : stmts) Walk(c);
        break;
      }
      case ir::StmtKind::For: {
        auto f = s->As<ir::ForStmt>();
        Def(f->loop_var);
        for (const auto& ia : f->iter_args) Def(ia.var);
        Walk(f->body);
        for (const VarPtr& v : f->return_vars) Def(v);
        break;
      }
      case ir::StmtKind::While: {
        auto w = s->As<ir::WhileStmt>();
        for (const auto& ia : w->iter_args) Def(ia.var);
        Walk(w->body);
        for (const VarPtr& v : w->return_vars) Def(v);
        break;
      }
      case ir::StmtKind::If: {
        auto i = s->As<ir::IfStmt>();
        Walk(i->then_body);
        Walk(i->else_body);
        for (const VarPtr& v : i->return_vars) Def(v);
        break;
      }
      case ir::StmtKind::Scope:
        Walk(s->As<ir::ScopeStmt>()->body);
        if (const VarPtr& t = s->As<ir::ScopeStmt>()->task_id) Def(t);
        break;
      case ir::StmtKind::SplitAiv:
        Walk(s->As<ir::SplitAivStmt>()->body);
        break;
      case ir::StmtKind::Spmd:
        Walk(s->As<ir::SpmdScopeStmt>()->body);
        break;
      // Named rather than defaulted, so that a new kind is a -Wswitch error here: the
      // variables a statement defines are this walk's own business.
      case ir::StmtKind::Eval:
      case ir::StmtKind::Return:
      case ir::StmtKind::Yield:
        break;
    }
  }
};

// The current Var of each multiply-defined variable at a program point.
using Env = std::unordered_map<const Var*, VarPtr>;

class Converter {
 public:
  explicit Converter(std::unordered_set<const Var*> multi) : multi_(std::move(multi)) {}

  // A parameter is the first definition of its variable.
  void SeedParam(const VarPtr& p, Env& env) {
    if (!IsMulti(p)) return;
    first_seen_.insert(p.get());
    env[p.get()] = p;
  }

  StmtPtr Body(const StmtPtr& body, Env& env) {
    std::vector<StmtPtr> out;
    for (const StmtPtr& s : ir::FlattenStmts(body)) Stmt(s, env, out);
    return ir::MakeSeq(std::move(out), body ? body->span : ir::Span{});
  }

 private:
  // ---- Substitution of uses.
  ExprPtr Sub(const ExprPtr& e, const Env& env) {
    if (!e || env.empty()) return e;
    switch (e->kind) {
      case ir::ExprKind::Var: {
        auto it = env.find(static_cast<const Var*>(e.get()));
        return it != env.end() ? it->second : e;
      }
      case ir::ExprKind::ConstInt:
      case ir::ExprKind::ConstFloat:
      case ir::ExprKind::ConstBool:
        return e;
      case ir::ExprKind::Binary: {
        auto b = e->As<ir::Binary>();
        ExprPtr l = Sub(b->lhs, env), r = Sub(b->rhs, env);
        if (l == b->lhs && r == b->rhs) return e;
        return std::make_shared<ir::Binary>(b->op, l, r, e->type, e->span);
      }
      case ir::ExprKind::Unary: {
        auto u = e->As<ir::Unary>();
        ExprPtr a = Sub(u->operand, env);
        if (a == u->operand) return e;
        return std::make_shared<ir::Unary>(u->op, a, e->type, e->span);
      }
      case ir::ExprKind::Cast: {
        auto c = e->As<ir::Cast>();
        ExprPtr a = Sub(c->value, env);
        if (a == c->value) return e;
        return std::make_shared<ir::Cast>(a, e->type, e->span);
      }
      case ir::ExprKind::Call: {
        auto c = e->As<ir::Call>();
        bool changed = false;
        std::vector<ExprPtr> args = SubList(c->args, env, &changed);
        TypePtr t = SubType(e->type, env);
        if (!changed && t == e->type) return e;
        return ir::MakeCall(c->op, std::move(args), c->kwargs, t, e->span);
      }
      case ir::ExprKind::MakeTuple: {
        auto m = e->As<ir::MakeTuple>();
        bool changed = false;
        std::vector<ExprPtr> elems = SubList(m->elements, env, &changed);
        if (!changed) return e;
        return ir::MakeTupleExpr(std::move(elems), e->span);
      }
      case ir::ExprKind::TupleGetItem: {
        auto g = e->As<ir::TupleGetItem>();
        ExprPtr t = Sub(g->tuple, env);
        if (t == g->tuple) return e;
        return ir::MakeTupleGetItem(t, g->index, e->span);
      }
      case ir::ExprKind::FunctionCall: {
        auto c = e->As<ir::FunctionCall>();
        bool changed = false;
        std::vector<ExprPtr> args = SubList(c->args, env, &changed);
        std::optional<ir::TaskLaunch> task = c->task;
        if (task) task->deps = SubList(c->task->deps, env, &changed);
        TypePtr t = SubType(e->type, env);
        if (!changed && t == e->type) return e;
        return ir::MakeFunctionCall(c->callee, std::move(args), t, e->span, c->attrs,
                                    std::move(task));
      }
    }
    return e;
  }

  std::vector<ExprPtr> SubList(const std::vector<ExprPtr>& in, const Env& env, bool* changed) {
    std::vector<ExprPtr> out;
    out.reserve(in.size());
    for (const ExprPtr& x : in) {
      out.push_back(Sub(x, env));
      if (out.back() != x) *changed = true;
    }
    return out;
  }

  // Shapes and views may name scalar variables (dynamic dims, loop-carried extents).
  TypePtr SubType(const TypePtr& t, const Env& env) {
    if (!t || env.empty()) return t;
    bool changed = false;
    switch (t->kind) {
      case ir::TypeKind::Scalar:
        return t;
      case ir::TypeKind::Tensor: {
        auto x = t->As<ir::TensorType>();
        auto shape = SubList(x->shape, env, &changed);
        std::optional<ir::TensorView> view = x->view;
        if (view) {
          view->valid_shape = SubList(view->valid_shape, env, &changed);
          view->stride = SubList(view->stride, env, &changed);
        }
        return changed
                   ? ir::MakeTensorType(std::move(shape), x->dtype, std::move(view), x->distributed)
                   : t;
      }
      case ir::TypeKind::Tile: {
        auto x = t->As<ir::TileType>();
        auto shape = SubList(x->shape, env, &changed);
        std::optional<ir::TileView> view = x->view;
        if (view) {
          view->valid_shape = SubList(view->valid_shape, env, &changed);
          view->stride = SubList(view->stride, env, &changed);
          ExprPtr so = Sub(view->start_offset, env);
          if (so != view->start_offset) changed = true;
          view->start_offset = so;
        }
        return changed ? ir::MakeTileType(std::move(shape), x->dtype, x->memory, std::move(view))
                       : t;
      }
      case ir::TypeKind::Tuple: {
        auto x = t->As<ir::TupleType>();
        std::vector<TypePtr> elems;
        for (const TypePtr& el : x->elements) {
          elems.push_back(SubType(el, env));
          if (elems.back() != el) changed = true;
        }
        return changed ? ir::MakeTupleType(std::move(elems)) : t;
      }
    }
    return t;
  }

  // ---- Definitions.
  bool IsMulti(const VarPtr& v) const { return multi_.count(v.get()) != 0; }

  // The Var a definition of `v` gets: the original for its first definition, a fresh one after.
  VarPtr Define(const VarPtr& v, const TypePtr& type, Env& env) {
    if (!IsMulti(v)) return v;
    VarPtr out = first_seen_.insert(v.get()).second && ir::TypeEqual(type, v->type)
                     ? v
                     : ir::MakeVar(v->name, type, v->span);
    env[v.get()] = out;
    return out;
  }

  // Multiply-defined variables (re)defined anywhere inside `s`, in first-definition order.
  const std::vector<const Var*>& Assigned(const StmtPtr& s) {
    auto it = assigned_.find(s.get());
    if (it != assigned_.end()) return it->second;
    std::vector<const Var*> out;
    std::unordered_set<const Var*> seen;
    auto add = [&](const Var* v) {
      if (multi_.count(v) && seen.insert(v).second) out.push_back(v);
    };
    auto add_all = [&](const StmtPtr& c) {
      if (!c) return;
      for (const Var* v : Assigned(c)) add(v);
    };
    switch (s->kind) {
      case ir::StmtKind::Assign:
        add(s->As<ir::AssignStmt>()->var.get());
        break;
      case ir::StmtKind::Seq:
        for (const StmtPtr& c : s->As<ir::SeqStmts>()->stmts) add_all(c);
        break;
      case ir::StmtKind::For: {
        auto f = s->As<ir::ForStmt>();
        add_all(f->body);
        for (const VarPtr& v : f->return_vars) add(v.get());
        break;
      }
      case ir::StmtKind::While: {
        auto w = s->As<ir::WhileStmt>();
        add_all(w->body);
        for (const VarPtr& v : w->return_vars) add(v.get());
        break;
      }
      case ir::StmtKind::If: {
        auto i = s->As<ir::IfStmt>();
        add_all(i->then_body);
        add_all(i->else_body);
        for (const VarPtr& v : i->return_vars) add(v.get());
        break;
      }
      case ir::StmtKind::Scope:
        add_all(s->As<ir::ScopeStmt>()->body);
        if (const VarPtr& t = s->As<ir::ScopeStmt>()->task_id) add(t.get());
        break;
      case ir::StmtKind::SplitAiv:
        add_all(s->As<ir::SplitAivStmt>()->body);
        break;
      case ir::StmtKind::Spmd:
        add_all(s->As<ir::SpmdScopeStmt>()->body);
        break;
      case ir::StmtKind::Eval:  // named, not defaulted: see DefCounter::Walk
      case ir::StmtKind::Return:
      case ir::StmtKind::Yield:
        break;
    }
    return assigned_.emplace(s.get(), std::move(out)).first->second;
  }

  // Variables defined before a body and redefined inside it: what the body must carry out.
  std::vector<const Var*> Carried(const std::vector<const Var*>& assigned, const Env& env) {
    std::vector<const Var*> out;
    for (const Var* v : assigned)
      if (env.count(v)) out.push_back(v);
    // Carried in the order of their names, as PyPTO carries them (a loop rebinding i, then acc
    // carries acc, i); the body's order breaks a tie.
    std::stable_sort(out.begin(), out.end(),
                     [](const Var* a, const Var* b) { return a->name < b->name; });
    return out;
  }

  // Appends `extra` to the body's trailing yield, or adds a yield holding them.
  static StmtPtr WithYield(const StmtPtr& body, const std::vector<ExprPtr>& extra, ir::Span span) {
    if (extra.empty()) return body;
    std::vector<StmtPtr> stmts = body ? ir::FlattenStmts(body) : std::vector<StmtPtr>{};
    std::vector<ExprPtr> values;
    ir::Span yspan = span;
    if (!stmts.empty() && stmts.back()->kind == ir::StmtKind::Yield) {
      values = stmts.back()->As<ir::YieldStmt>()->values;
      yspan = stmts.back()->span;
      stmts.pop_back();
    }
    values.insert(values.end(), extra.begin(), extra.end());
    stmts.push_back(ir::MakeYield(std::move(values), yspan));
    return ir::MakeSeq(std::move(stmts), body ? body->span : span);
  }

  // ---- Statements.
  void Stmt(const StmtPtr& s, Env& env, std::vector<StmtPtr>& out) {
    switch (s->kind) {
      case ir::StmtKind::Assign: {
        auto a = s->As<ir::AssignStmt>();
        ExprPtr value = Sub(a->value, env);
        TypePtr type = a->var->type;
        if (IsMulti(a->var) && first_seen_.count(a->var.get()) &&
            a->var->type->kind != ir::TypeKind::Scalar)
          type = value->type;
        VarPtr v = Define(a->var, SubType(type, env), env);
        if (v == a->var && value == a->value) {
          out.push_back(s);
        } else {
          out.push_back(ir::MakeAssign(v, value, s->span));
        }
        return;
      }
      case ir::StmtKind::Eval: {
        ExprPtr e = Sub(s->As<ir::EvalStmt>()->expr, env);
        out.push_back(e == s->As<ir::EvalStmt>()->expr ? s : ir::MakeEval(e, s->span));
        return;
      }
      case ir::StmtKind::Return: {
        bool changed = false;
        auto vals = SubList(s->As<ir::ReturnStmt>()->values, env, &changed);
        out.push_back(changed ? ir::MakeReturn(std::move(vals), s->span) : s);
        return;
      }
      case ir::StmtKind::Yield: {
        bool changed = false;
        auto vals = SubList(s->As<ir::YieldStmt>()->values, env, &changed);
        out.push_back(changed ? ir::MakeYield(std::move(vals), s->span) : s);
        return;
      }
      case ir::StmtKind::Seq:
        for (const StmtPtr& c : s->As<ir::SeqStmts>()->stmts) Stmt(c, env, out);
        return;
      case ir::StmtKind::Scope: {
        auto sc = s->As<ir::ScopeStmt>();
        bool changed = false;
        std::vector<ExprPtr> deps = SubList(sc->deps, env, &changed);
        out.push_back(std::make_shared<ir::ScopeStmt>(sc->level, sc->optimizations, sc->name_hint,
                                                      sc->allow_early_resolve, Body(sc->body, env),
                                                      s->span, sc->task_id, std::move(deps)));
        return;
      }
      case ir::StmtKind::SplitAiv: {
        auto r = s->As<ir::SplitAivStmt>();
        out.push_back(std::make_shared<ir::SplitAivStmt>(r->mode, Body(r->body, env), s->span));
        return;
      }
      case ir::StmtKind::Spmd: {
        // The block count is read before the body, so it names the variables as they are there.
        auto sp = s->As<ir::SpmdScopeStmt>();
        ExprPtr n = Sub(sp->core_num, env);
        out.push_back(std::make_shared<ir::SpmdScopeStmt>(n, sp->name_hint, sp->allow_early_resolve,
                                                          Body(sp->body, env), s->span));
        return;
      }
      case ir::StmtKind::For:
        return For(*s->As<ir::ForStmt>(), s, env, out);
      case ir::StmtKind::While:
        return While(*s->As<ir::WhileStmt>(), s, env, out);
      case ir::StmtKind::If:
        return If(*s->As<ir::IfStmt>(), s, env, out);
    }
  }

  // Iter args for the carried variables; `benv` maps them to the iter args inside the body.
  std::vector<ir::IterArg> CarryIn(const std::vector<ir::IterArg>& explicit_args,
                                   const std::vector<const Var*>& carried, Env& env, Env& benv) {
    std::vector<ir::IterArg> args;
    for (const auto& ia : explicit_args) args.push_back({ia.var, Sub(ia.init, env)});
    for (const Var* v : carried) {
      const VarPtr& cur = env.at(v);
      VarPtr ia = ir::MakeVar(v->name, cur->type, v->span);
      args.push_back({ia, cur});
      benv[v] = ia;
    }
    return args;
  }

  // Return vars: explicit ones (possibly second definitions themselves), then one per carry.
  std::vector<VarPtr> CarryOut(const std::vector<VarPtr>& explicit_rvs,
                               const std::vector<const Var*>& carried,
                               const std::vector<TypePtr>& carried_types, Env& env) {
    std::vector<VarPtr> rvs;
    for (const VarPtr& rv : explicit_rvs) rvs.push_back(Define(rv, SubType(rv->type, env), env));
    for (size_t i = 0; i < carried.size(); ++i) {
      VarPtr rv = ir::MakeVar(carried[i]->name, carried_types[i], carried[i]->span);
      env[carried[i]] = rv;
      rvs.push_back(rv);
    }
    return rvs;
  }

  void For(const ir::ForStmt& f, const StmtPtr& s, Env& env, std::vector<StmtPtr>& out) {
    std::vector<const Var*> carried = Carried(Assigned(f.body), env);
    ExprPtr start = Sub(f.start, env), stop = Sub(f.stop, env), step = Sub(f.step, env);
    Env benv = env;
    std::vector<ir::IterArg> args = CarryIn(f.iter_args, carried, env, benv);
    StmtPtr body = Body(f.body, benv);
    std::vector<ExprPtr> extra;
    std::vector<TypePtr> types;
    for (size_t i = 0; i < carried.size(); ++i) {
      const VarPtr& ia = args[f.iter_args.size() + i].var;
      extra.push_back(benv.at(carried[i]));
      types.push_back(ia->type);
    }
    body = WithYield(body, extra, s->span);
    out.push_back(std::make_shared<ir::ForStmt>(
        f.loop_var, start, stop, step, f.for_kind, f.stage, std::move(args), body,
        CarryOut(f.return_vars, carried, types, env), s->span));
  }

  void While(const ir::WhileStmt& w, const StmtPtr& s, Env& env, std::vector<StmtPtr>& out) {
    std::vector<const Var*> carried = Carried(Assigned(w.body), env);
    Env benv = env;
    std::vector<ir::IterArg> args = CarryIn(w.iter_args, carried, env, benv);
    ExprPtr cond = Sub(w.cond, benv);
    StmtPtr body = Body(w.body, benv);
    std::vector<ExprPtr> extra;
    std::vector<TypePtr> types;
    for (size_t i = 0; i < carried.size(); ++i) {
      const VarPtr& ia = args[w.iter_args.size() + i].var;
      extra.push_back(benv.at(carried[i]));
      types.push_back(ia->type);
    }
    body = WithYield(body, extra, s->span);
    out.push_back(std::make_shared<ir::WhileStmt>(
        cond, std::move(args), body, CarryOut(w.return_vars, carried, types, env), s->span));
  }

  void If(const ir::IfStmt& i, const StmtPtr& s, Env& env, std::vector<StmtPtr>& out) {
    std::vector<const Var*> merged = Assigned(i.then_body);
    if (i.else_body)
      for (const Var* v : Assigned(i.else_body))
        if (std::find(merged.begin(), merged.end(), v) == merged.end()) merged.push_back(v);
    merged = Carried(merged, env);
    ExprPtr cond = Sub(i.cond, env);
    Env tenv = env, eenv = env;
    StmtPtr then_b = Body(i.then_body, tenv);
    StmtPtr else_b = i.else_body ? Body(i.else_body, eenv) : nullptr;
    // A variable first defined in both branches (the parser gives both bindings one variable)
    // is defined after the if too: merged like a rebound one.
    if (i.else_body)
      for (const Var* v : Assigned(i.then_body))
        if (!env.count(v) && tenv.count(v) && eenv.count(v) &&
            std::find(merged.begin(), merged.end(), v) == merged.end())
          merged.push_back(v);
    std::vector<ExprPtr> then_extra, else_extra;
    std::vector<TypePtr> types;
    for (const Var* v : merged) {
      then_extra.push_back(tenv.at(v));
      else_extra.push_back(eenv.at(v));
      types.push_back(then_extra.back()->type);
    }
    if (!merged.empty()) {
      then_b = WithYield(then_b, then_extra, s->span);
      else_b = WithYield(else_b ? else_b : ir::MakeSeq({}, s->span), else_extra, s->span);
    }
    out.push_back(std::make_shared<ir::IfStmt>(
        cond, then_b, else_b, CarryOut(i.return_vars, merged, types, env), s->span));
  }

  std::unordered_set<const Var*> multi_;
  std::unordered_set<const Var*> first_seen_;
  std::unordered_map<const ir::Stmt*, std::vector<const Var*>> assigned_;
};

ir::FunctionPtr ConvertFunction(const ir::FunctionPtr& f) {
  DefCounter counter;
  for (const ir::Param& p : f->params) counter.Def(p.var);
  counter.Walk(f->body);
  std::unordered_set<const Var*> multi;
  for (const auto& [v, n] : counter.counts)
    if (n > 1) multi.insert(v);
  if (multi.empty()) return f;
  Converter conv(std::move(multi));
  Env env;
  for (const ir::Param& p : f->params) conv.SeedParam(p.var, env);
  return ir::WithBody(*f, conv.Body(f->body, env));
}

}  // namespace

ir::ProgramPtr ConvertProgramToSSA(const ir::ProgramPtr& p) {
  std::vector<ir::FunctionPtr> funcs;
  bool changed = false;
  for (const ir::FunctionPtr& f : p->functions) {
    funcs.push_back(ConvertFunction(f));
    if (funcs.back() != f) changed = true;
  }
  if (!changed) return p;
  return std::make_shared<ir::Program>(p->name, std::move(funcs), p->span);
}

}  // namespace tilesplit::ir
