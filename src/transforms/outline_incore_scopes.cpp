// outline-incore-scopes, a minimal tile-level OutlineIncoreScopes: each
// `with pl.at(level=pl.Level.CORE_GROUP, ...)` scope of an Opaque / Orchestration function
// becomes an InCore function (parameters = the scope's free variables, results = its values the
// function goes on to return), stamped split_aiv when it holds a region and given the scope's
// split mode when the scope asks for one. InCore functions are never outlined from.
//
// [D] The IR has no function-call node (dsl.md puts `self.f(...)` out of scope), so the
// outlined function replaces its parent instead of being called from it. That is exact for the
// parent shape outlining serves here: scopes followed by a return; any other statement outside
// a scope would need a call and is rejected with its location.
#include <unordered_set>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/transforms/pass.h"
#include "tilesplit/transforms/split_regions.h"

namespace tilesplit::pass {
namespace {

using ir::FunctionPtr;
using ir::StmtPtr;
using ir::VarPtr;

std::string Q(const std::string& s) {
  return "'" + s + "'";
}

bool IsTensorWrite(const ir::StmtPtr& s, const ir::Var* v) {
  // A store (or any op reusing its input) writing the tensor `v` makes it an output parameter.
  struct Finder {
    const ir::Var* v;
    bool found = false;
    void Expr(const ir::ExprPtr& e) {
      const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
      if (!c) return;
      auto r = ops::Def(*c).reused_input();
      if (r && *r < c->args.size() && c->args[*r]->As<ir::Var>() == v) found = true;
      for (const ir::ExprPtr& a : c->args) Expr(a);
    }
    void Stmt(const ir::StmtPtr& s) {
      if (!s || found) return;
      switch (s->kind) {
        case ir::StmtKind::Assign:
          return Expr(s->As<ir::AssignStmt>()->value);
        case ir::StmtKind::Eval:
          return Expr(s->As<ir::EvalStmt>()->expr);
        case ir::StmtKind::Return:
          for (const ir::ExprPtr& e : s->As<ir::ReturnStmt>()->values) Expr(e);
          return;
        case ir::StmtKind::Seq:
          for (const ir::StmtPtr& c : s->As<ir::SeqStmts>()->stmts) Stmt(c);
          return;
        case ir::StmtKind::For:
          return Stmt(s->As<ir::ForStmt>()->body);
        case ir::StmtKind::While:
          return Stmt(s->As<ir::WhileStmt>()->body);
        case ir::StmtKind::If:
          Stmt(s->As<ir::IfStmt>()->then_body);
          return Stmt(s->As<ir::IfStmt>()->else_body);
        case ir::StmtKind::Scope:
          return Stmt(s->As<ir::ScopeStmt>()->body);
        case ir::StmtKind::SplitAiv:
          return Stmt(s->As<ir::SplitAivStmt>()->body);
        default:
          return;
      }
    }
  } f{v};
  f.Stmt(s);
  return f.found;
}

std::vector<FunctionPtr> OutlineFunction(const FunctionPtr& f) {
  std::vector<StmtPtr> body = ir::FlattenStmts(f->body);
  bool has_scope = false;
  for (const StmtPtr& s : body) has_scope = has_scope || s->kind == ir::StmtKind::Scope;
  if (!has_scope) return {f};

  std::unordered_map<const ir::Var*, ir::ParamDirection> param_dir;
  for (const ir::Param& p : f->params) param_dir[p.var.get()] = p.direction;
  const ir::ReturnStmt* ret = nullptr;
  std::vector<const ir::ScopeStmt*> scopes;
  for (size_t i = 0; i < body.size(); ++i) {
    const StmtPtr& s = body[i];
    if (const ir::ScopeStmt* sc = s->As<ir::ScopeStmt>()) {
      scopes.push_back(sc);
      continue;
    }
    if (i + 1 == body.size() && (ret = s->As<ir::ReturnStmt>())) continue;
    ir::ThrowUser(s->span,
                  "outline-incore-scopes: this statement of " + Q(f->name) +
                      " sits outside its pl.at scopes; the outlined InCore function would have "
                      "to be called from here, and the IR has no function call",
                  {{ir::Span{},
                    "move the statement into the pl.at(level=pl.Level.CORE_GROUP) "
                    "scope, or write it in its own function"}});
  }

  std::unordered_set<const ir::Var*> dynamic;
  for (const VarPtr& v : ir::FreeVars(*f)) dynamic.insert(v.get());
  std::vector<FunctionPtr> out;
  std::unordered_set<std::string> names;
  for (size_t k = 0; k < scopes.size(); ++k) {
    const ir::ScopeStmt& sc = *scopes[k];
    if (sc.level != ir::Level::CORE_GROUP)
      ir::ThrowUser(sc.span,
                    "outline-incore-scopes: only pl.Level.CORE_GROUP scopes are outlined, this "
                    "one is pl.Level." +
                        std::string(ir::LevelName(sc.level)),
                    {{ir::Span{}, "use with pl.at(level=pl.Level.CORE_GROUP)"}});
    const bool regions = split_regions::HasSplitRegion(sc.body);
    std::optional<ir::SplitMode> split;
    std::optional<int64_t> slots;
    for (const ir::ScopeOptimization& o : sc.optimizations) {
      if (o.kind == ir::ScopeOptimization::Kind::Split) split = o.split;
      if (o.kind == ir::ScopeOptimization::Kind::CrossCoreSlot) slots = o.slot_num;
    }
    if (split && regions)
      ir::ThrowUser(sc.span,
                    "outline-incore-scopes: this scope asks for a function-level split "
                    "(pl.split) and also holds pl.split_aiv regions; the two are mutually "
                    "exclusive",
                    {{ir::Span{},
                      "drop pl.split(...) and keep the regions (use "
                      "optimizations=[pl.cross_core_slot(slot_num=N)] to size the "
                      "pipe without a split), or drop the regions for an AUTO split"}});
    // Results: what the parent returns that this scope defines (the last scope also returns
    // the parent's parameters it hands back).
    std::vector<ir::ExprPtr> results;
    const std::vector<VarPtr> defs = ir::DefinedVars(sc.body);
    std::unordered_set<const ir::Var*> defined;
    for (const VarPtr& d : defs) defined.insert(d.get());
    if (ret) {
      for (const ir::ExprPtr& v : ret->values) {
        bool own = false, foreign = false;
        for (const VarPtr& fv : ir::FreeVars(v)) {
          if (defined.count(fv.get()))
            own = true;
          else if (!param_dir.count(fv.get())) {
            for (size_t j = 0; j < scopes.size(); ++j)
              if (j != k && ir::UsesVar(scopes[j]->body, fv.get())) foreign = true;
          }
        }
        if (own || (k + 1 == scopes.size() && !foreign)) results.push_back(v);
      }
    }
    std::vector<StmtPtr> fbody = ir::FlattenStmts(sc.body);
    fbody.push_back(ir::MakeReturn(results, ret ? ret->span : sc.span));
    StmtPtr new_body = ir::MakeSeq(std::move(fbody), sc.body->span);
    std::vector<ir::Param> params;
    std::vector<ir::TypePtr> rtypes;
    for (const ir::ExprPtr& r : results) rtypes.push_back(r->type);
    for (const VarPtr& v : ir::FreeVars(new_body)) {
      auto it = param_dir.find(v.get());
      if (it == param_dir.end()) {
        if (dynamic.count(v.get())) continue;  // a dynamic dimension stays free
        ir::ThrowUser(sc.span,
                      "outline-incore-scopes: the scope reads " + Q(v->name) +
                          ", defined outside it in " + Q(f->name) +
                          "; without a function call it cannot be passed in",
                      {{ir::Span{}, "compute " + v->name + " inside the scope"}});
      }
      ir::ParamDirection dir = it->second;
      if (dir == ir::ParamDirection::In && v->type->kind == ir::TypeKind::Tensor &&
          IsTensorWrite(new_body, v.get()))
        dir = ir::ParamDirection::InOut;
      params.push_back({v, dir});
    }
    ir::AttrMap attrs;
    if (split) ir::SetSortedAttr(attrs, "split", *split);
    if (regions) ir::SetSortedAttr(attrs, "split_aiv", true);
    if (slots) ir::SetSortedAttr(attrs, "cross_core_slot", *slots);
    std::string name =
        !sc.name_hint.empty() ? sc.name_hint : f->name + "_incore_" + std::to_string(k);
    if (!names.insert(name).second)
      ir::ThrowUser(
          sc.span,
          "outline-incore-scopes: two scopes of " + Q(f->name) + " are both named " + Q(name),
          {{ir::Span{}, "give each scope its own name_hint"}});
    out.push_back(ir::DeepClone(
        std::make_shared<ir::Function>(name, ir::FunctionType::InCore, std::move(params),
                                       std::move(rtypes), std::move(attrs), new_body, sc.span)));
  }
  return out;
}

ir::ProgramPtr Run(const ir::ProgramPtr& p) {
  std::vector<FunctionPtr> out;
  std::unordered_set<std::string> taken;
  for (const FunctionPtr& f : p->functions) taken.insert(f->name);
  for (const FunctionPtr& f : p->functions) {
    if (f->func_type != ir::FunctionType::Opaque &&
        f->func_type != ir::FunctionType::Orchestration) {
      out.push_back(f);  // InCore functions are never outlined from
      continue;
    }
    std::vector<FunctionPtr> fs = OutlineFunction(f);
    for (const FunctionPtr& g : fs) {
      if (g != f && g->name != f->name && taken.count(g->name))
        ir::ThrowUser(
            g->span,
            "outline-incore-scopes: the outlined function name " + Q(g->name) + " is already taken",
            {{ir::Span{}, "choose another name_hint"}});
      taken.insert(g->name);
      out.push_back(g);
    }
  }
  return std::make_shared<ir::Program>(p->name, std::move(out), p->span);
}

Pass OutlineIncoreScopes() {
  return Pass("outline-incore-scopes", Run, {"SSAForm"}, {"SSAForm"}, {});
}

}  // namespace

TILESPLIT_REGISTER_PASS("outline-incore-scopes",
                        "Lifts pl.at(level=CORE_GROUP) scopes into InCore functions",
                        OutlineIncoreScopes);

}  // namespace tilesplit::pass
