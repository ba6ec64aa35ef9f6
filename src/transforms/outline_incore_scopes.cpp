// outline-incore-scopes, a minimal tile-level OutlineIncoreScopes: each
// `with pl.at(level=pl.Level.CORE_GROUP, ...)` scope of an Opaque / Orchestration / Graph function,
// at any depth of its loops and branches, becomes an InCore function (parameters = the scope's free
// variables; results = the values it defines that the parent reads after it, and the captured
// tensors it writes in place that the statements after it read; a result that is a write of a
// captured tensor is returned as that parameter, so the caller sees which buffer it wrote),
// stamped split_aiv when it holds a region (and split, when its regions share one splitting
// mode), given the scope's split mode when the scope asks for one and its
// pl.cross_core_slot(slot_num=N) as the attr "slot_num" (the pipe depth), and named after the
// scope's name_hint (made unique, see OutlinedName) or `<parent>_incore_<k>`. The parent stays and
// calls it in the scope's place, binding the results back to the variables it goes on to read
// (through tuple projections when there are several); an Opaque parent that outlined a scope
// becomes Orchestration. InCore functions are never outlined from.
#include <cstddef>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "deferred_waiter.h"
#include "dim_fold.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

using ir::FunctionPtr;
using ir::StmtPtr;
using ir::VarPtr;

// The argument a call writes in place: the input it reuses (a store). A tensor.assemble is not
// one: convert-tensor-to-tile-ops lowers it as a value (its result, not its target, holds the
// window), so returning the target for its result would return the tensor unwritten.
std::optional<size_t> WrittenArg(const ir::Call& c) {
  return ops::Def(c).reused_input();
}

bool IsTensorWrite(const ir::StmtPtr& s, const ir::Var* v) {
  // A store (or any op reusing its input) writing the tensor `v` makes it an output parameter.
  struct Finder {
    const ir::Var* v;
    bool found = false;
    void Expr(const ir::ExprPtr& e) {
      const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
      if (!c) return;
      auto r = WrittenArg(*c);
      if (r && *r < c->args.size() && c->args[*r]->As<ir::Var>() == v) found = true;
      for (const ir::ExprPtr& a : c->args) Expr(a);
    }
  } f{v};
  // Yields pass values on and write nothing; every other leaf's calls are looked at.
  ir::ForEachStmt(s, ir::kWalkAll, [&](const ir::StmtPtr& c) {
    if (const ir::AssignStmt* a = c->As<ir::AssignStmt>()) f.Expr(a->value);
    if (const ir::EvalStmt* e = c->As<ir::EvalStmt>()) f.Expr(e->expr);
    if (const ir::ReturnStmt* r = c->As<ir::ReturnStmt>())
      for (const ir::ExprPtr& e : r->values) f.Expr(e);
    return f.found ? ir::WalkStep::Stop : ir::WalkStep::Descend;
  });
  return f.found;
}

// How a scope body uses the tensor `v` beyond writing it: whether some write accumulates into it
// (an atomic store reads the destination), and whether anything reads it other than as the
// destination of a write (which updates a window in place and moves no data in). The result of a
// write names the same buffer, so a read through it is a read of `v`. The body's final return
// hands values back to the parent and reads nothing.
struct TensorUse {
  bool atomic = false;
  bool read = false;
};

TensorUse UseOf(const ir::StmtPtr& s, const ir::Var* v) {
  class Finder : public ir::IRVisitor {
   public:
    explicit Finder(const ir::Var* v) { aliases_.insert(v); }
    TensorUse use;

    void VisitStmt(const StmtPtr& st) override {
      if (st->kind == ir::StmtKind::Return) return;
      if (const auto* a = st->As<ir::AssignStmt>())
        if (const auto* c = a->value ? a->value->As<ir::Call>() : nullptr)
          if (auto r = WrittenArg(*c);
              r && *r < c->args.size() && c->args[*r] && aliases_.count(c->args[*r]->As<ir::Var>()))
            aliases_.insert(a->var.get());
      ir::IRVisitor::VisitStmt(st);
    }

   protected:
    void VisitVar(const VarPtr& x) override {
      if (aliases_.count(x.get())) use.read = true;
    }
    void VisitCall(const ir::Call& c) override {
      auto r = WrittenArg(c);
      for (size_t i = 0; i < c.args.size(); ++i) {
        if (r && *r == i && c.args[i] && aliases_.count(c.args[i]->As<ir::Var>())) {
          if (ir::GetAttr<int64_t>(c.kwargs, "atomic").value_or(0) != 0) use.atomic = true;
          continue;
        }
        if (c.args[i]) VisitExpr(c.args[i]);
      }
    }

   private:
    std::unordered_set<const ir::Var*> aliases_;
  } f(v);
  f.VisitStmt(s);
  return f.use;
}

// For each variable a scope body binds to the result of an in-place write (a store, or any op
// reusing its input) whose written tensor is, through earlier such writes, one of the captured
// tensors: that tensor. A result read through a loop or a branch is not traced (it keeps its own
// value, which is right, only less explicit).
using WriteRoots = std::unordered_map<const ir::Var*, VarPtr>;
WriteRoots RootsOfWrites(const StmtPtr& body, const std::vector<VarPtr>& captured) {
  WriteRoots roots;
  for (const VarPtr& v : captured)
    if (v->type->kind == ir::TypeKind::Tensor) roots[v.get()] = v;
  ir::ForEachStmt(body, ir::kWalkAll, [&](const StmtPtr& st) {
    const ir::AssignStmt* a = st->As<ir::AssignStmt>();
    const ir::Call* c = a && a->value ? a->value->As<ir::Call>() : nullptr;
    if (!c) return;
    auto r = WrittenArg(*c);
    if (!r || *r >= c->args.size() || !c->args[*r]) return;
    if (const ir::Var* t = c->args[*r]->As<ir::Var>())
      if (auto it = roots.find(t); it != roots.end()) roots[a->var.get()] = it->second;
  });
  for (const VarPtr& v : captured) roots.erase(v.get());
  return roots;
}

// Whether `s` itself (not a statement nested in it) defines `d`.
bool DefinesDirectly(const StmtPtr& s, const ir::Var* d) {
  auto in = [&](const std::vector<VarPtr>& vs) {
    for (const VarPtr& v : vs)
      if (v.get() == d) return true;
    return false;
  };
  if (const auto* a = s->As<ir::AssignStmt>()) return a->var.get() == d;
  if (const auto* f = s->As<ir::ForStmt>()) return in(f->return_vars);
  if (const auto* w = s->As<ir::WhileStmt>()) return in(w->return_vars);
  if (const auto* i = s->As<ir::IfStmt>()) return in(i->return_vars);
  return false;
}

// `stmts` with `alias` inserted right after the statement that defines `d`, in the sequence
// holding it (at any depth of loops, branches and regions); `done` once inserted.
StmtPtr InsertAfterDef(const StmtPtr& s, const ir::Var* d, const StmtPtr& alias, bool& done);
void InsertAfterDef(std::vector<StmtPtr>& stmts, const ir::Var* d, const StmtPtr& alias,
                    bool& done) {
  for (size_t i = 0; i < stmts.size() && !done; ++i) {
    if (DefinesDirectly(stmts[i], d)) {
      stmts.insert(stmts.begin() + static_cast<std::ptrdiff_t>(i) + 1, alias);
      done = true;
    } else {
      stmts[i] = InsertAfterDef(stmts[i], d, alias, done);
    }
  }
}
StmtPtr InsertAfterDef(const StmtPtr& s, const ir::Var* d, const StmtPtr& alias, bool& done) {
  if (done || !s) return s;
  if (const auto* seq = s->As<ir::SeqStmts>()) {
    std::vector<StmtPtr> stmts = seq->stmts;
    InsertAfterDef(stmts, d, alias, done);
    return done ? ir::WithStmts(s, std::move(stmts)) : s;
  }
  return ir::MapChildren(s, ir::kWalkAll, [&](const StmtPtr& c) -> StmtPtr {
    if (done) return c;
    if (DefinesDirectly(c, d)) {
      done = true;
      return ir::MakeSeq({c, alias}, c->span);
    }
    return InsertAfterDef(c, d, alias, done);
  });
}

// Whether the function body reads any of `targets` outside the statement `skip`; the ones it
// reads are collected. A scope's results are exactly its definitions read elsewhere: in SSA form
// nothing outside the scope can read them before it, whatever loop or branch encloses it.
class UsesOutside : public ir::IRVisitor {
 public:
  UsesOutside(const ir::Stmt* skip, const std::unordered_set<const ir::Var*>& targets)
      : skip_(skip), targets_(targets) {}
  std::unordered_set<const ir::Var*> found;

  void VisitStmt(const StmtPtr& s) override {
    if (s.get() == skip_) return;
    ir::IRVisitor::VisitStmt(s);
  }

 protected:
  void VisitVar(const VarPtr& v) override {
    if (targets_.count(v.get())) found.insert(v.get());
    ir::IRVisitor::VisitVar(v);
  }

 private:
  const ir::Stmt* skip_;
  const std::unordered_set<const ir::Var*>& targets_;
};

// Replaces every CORE_GROUP scope of a function, at any depth of its loops and branches, by a
// call of an InCore function built from it; collects the outlined functions.
class ScopeOutliner : public ir::IRMutator {
 public:
  ScopeOutliner(const FunctionPtr& f, std::unordered_set<std::string>& taken)
      : f_(f), taken_(taken), names_(*f) {
    for (const ir::Param& p : f->params) param_dir_[p.var.get()] = p.direction;
    // Free in the whole function: dynamic dimensions, program-wide, never passed.
    for (const VarPtr& v : ir::FreeVars(*f)) dynamic_.insert(v.get());
  }

  std::vector<FunctionPtr> incore;
  const ir::SpmdScopeStmt* launch_ = nullptr;  // the pl.spmd launch being walked, if any

  // A scope inside a pl.spmd launch is outlined as any other, the launch kept around its call.
  StmtPtr MutateSpmd(const ir::SpmdScopeStmtPtr& op) override {
    const ir::SpmdScopeStmt* outer = std::exchange(launch_, op.get());
    StmtPtr out = ir::IRMutator::MutateSpmd(op);
    launch_ = outer;
    return out;
  }

  StmtPtr MutateStmt(const StmtPtr& s) override {
    // A scope's body goes whole into its function: a scope nested in it is the InCore
    // function's business (and rejected there), not outlined from here.
    if (s && s->As<ir::ScopeStmt>()) return Outline(s, {}, nullptr);
    return ir::IRMutator::MutateStmt(s);
  }

  // A scope in a sequence sees the statements after it: a tensor it writes in place that they
  // read comes back from the call as a new value, which they then read instead (each write is a
  // step of the data flow the orchestration orders by). The renaming ends with the sequence:
  // the new value is not defined outside it.
  StmtPtr MutateSeq(const ir::SeqStmtsPtr& op) override {
    bool changed = false;
    std::vector<StmtPtr> stmts;
    std::vector<std::pair<VarPtr, VarPtr>> saved;
    for (size_t i = 0; i < op->stmts.size(); ++i) {
      const StmtPtr& s = op->stmts[i];
      StmtPtr m;
      if (s && s->As<ir::ScopeStmt>()) {
        std::vector<StmtPtr> later(op->stmts.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                   op->stmts.end());
        std::vector<std::pair<VarPtr, VarPtr>> renames;
        m = Outline(s, later, &renames);
        for (auto& [old_var, fresh] : renames) {
          const VarPtr* prev = FindVarMapping(old_var.get());
          saved.emplace_back(old_var, prev ? *prev : old_var);
          SetVarMapping(old_var, fresh);
        }
      } else {
        m = MutateStmt(s);
      }
      if (m != s) changed = true;
      if (m) stmts.push_back(std::move(m));
    }
    for (auto it = saved.rbegin(); it != saved.rend(); ++it) SetVarMapping(it->first, it->second);
    if (!changed) return op;
    return std::make_shared<ir::SeqStmts>(std::move(stmts), op->span);
  }

 private:
  // One value the outlined function hands back: what the parent binds, and what the body returns.
  struct Result {
    VarPtr bound;
    ir::ExprPtr returned;
    bool body_write = false;  // `bound` is a write the body makes, returned as its parameter
  };

  StmtPtr Outline(const StmtPtr& stmt, const std::vector<StmtPtr>& later,
                  std::vector<std::pair<VarPtr, VarPtr>>* renames) {
    const ir::ScopeStmt& sc = *stmt->As<ir::ScopeStmt>();
    if (sc.level != ir::Level::CORE_GROUP)
      ir::ThrowUser(sc.span,
                    "outline-incore-scopes: only pl.Level.CORE_GROUP scopes are outlined, this "
                    "one is pl.Level." +
                        std::string(ir::LevelName(sc.level)),
                    {{ir::Span{}, "use with pl.at(level=pl.Level.CORE_GROUP)"}});
    const bool waiter = CheckDeferredWaiter(sc, launch_);
    const bool regions = ir::FirstOfKind<ir::SplitAivStmt>(sc.body, ir::kWalkAll) != nullptr;
    // The mode every region of the scope shares, when it splits (PyPTO's function-level
    // representative of its regions). The regions still govern the lanes: a split_aiv function
    // takes the region path, never the AUTO one, so the stamp only names the lanes' axis.
    std::optional<ir::SplitMode> region_mode;
    bool modes_agree = true;
    ir::ForEachStmt(sc.body, ir::kWalkAll, [&](const StmtPtr& st) {
      if (const auto* r = st->As<ir::SplitAivStmt>()) {
        if (region_mode && *region_mode != r->mode) modes_agree = false;
        region_mode = r->mode;
      }
    });
    if (!modes_agree || region_mode == ir::SplitMode::None) region_mode.reset();
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
    // Results: the values the scope defines that the rest of the function reads.
    const std::vector<VarPtr> defined = ir::DefinedVars(sc.body);
    std::unordered_set<const ir::Var*> targets;
    for (const VarPtr& d : defined) targets.insert(d.get());
    UsesOutside uses(stmt.get(), targets);
    uses.VisitStmt(f_->body);
    std::vector<Result> results;
    const std::vector<VarPtr> captured = ir::FreeVars(sc.body);
    const WriteRoots roots = RootsOfWrites(sc.body, captured);
    std::unordered_set<const ir::Var*> returned_params;
    for (const VarPtr& d : defined) {
      if (!uses.found.count(d.get())) continue;
      // A write's result names the captured tensor it wrote: the function returns that
      // parameter, so the caller sees which of its buffers the value is.
      auto root = roots.find(d.get());
      if (root != roots.end() && ir::TypeEqual(root->second->type, d->type)) {
        results.push_back({d, root->second, true});
        returned_params.insert(root->second.get());
      } else {
        results.push_back({d, d});
      }
    }
    // A captured tensor the scope writes in place and the statements after it read, with no
    // result of the scope naming it already: it comes back too, as the parameter itself.
    std::unordered_set<const ir::Var*> store_targets;
    for (const VarPtr& v : captured) {
      if (v->type->kind != ir::TypeKind::Tensor || returned_params.count(v.get()) ||
          !IsTensorWrite(sc.body, v.get()) || !renames)
        continue;
      bool read_later = false;
      for (const StmtPtr& l : later) read_later = read_later || ir::UsesVar(l, v.get());
      if (!read_later) continue;
      VarPtr fresh = ir::MakeVar(names_.Fresh(v->name), v->type, sc.span);
      results.push_back({fresh, v});
      renames->emplace_back(v, fresh);
      store_targets.insert(v.get());
    }
    std::vector<StmtPtr> fbody = ir::FlattenStmts(sc.body);
    // A bare write of such a tensor binds its result, as a bound write does: the body then
    // reads the same whether or not the author named the write.
    for (StmtPtr& st : fbody)
      if (const ir::EvalStmt* e = st->As<ir::EvalStmt>())
        if (const ir::Call* c = e->expr ? e->expr->As<ir::Call>() : nullptr)
          if (auto r = WrittenArg(*c); r && *r < c->args.size() && c->args[*r])
            if (const ir::Var* t = c->args[*r]->As<ir::Var>(); t && store_targets.count(t))
              st = ir::MakeAssign(
                  ir::MakeVar(names_.Fresh(t->name + "_store"), e->expr->type, st->span), e->expr,
                  st->span);
    // What the body reads and writes, before the aliases below (an alias is not a read).
    const StmtPtr accesses = ir::MakeSeq(fbody, sc.body->span);
    // A result that rebinds the name of the parameter it wrote (`out = pl.store(..., out)`) and
    // is returned as that parameter keeps the written value bound as `out_store` right after its
    // definition, as PyPTO's outlining writes it: the body still names the value the caller's
    // buffer ends up holding. A result of another name (`updated = ...`) names it already.
    for (const Result& r : results) {
      const ir::Var* root = r.returned->As<ir::Var>();
      if (!r.body_write || !root || r.bound->name != root->name) continue;
      bool done = false;
      InsertAfterDef(fbody, r.bound.get(),
                     ir::MakeAssign(ir::MakeVar(names_.Fresh(root->name + "_store"), r.bound->type,
                                                r.bound->span),
                                    r.bound, r.bound->span),
                     done);
    }
    std::vector<ir::ExprPtr> returned;
    for (const Result& r : results) returned.push_back(r.returned);
    fbody.push_back(ir::MakeReturn(returned, sc.span));
    StmtPtr new_body = ir::MakeSeq(std::move(fbody), sc.body->span);
    // Parameters: the scope's free variables: parent parameters, parent values and the loop
    // variables and carries of loops around the scope alike.
    std::vector<ir::Param> params;
    std::vector<ir::ExprPtr> args;
    for (const VarPtr& v : ir::FreeVars(new_body)) {
      auto it = param_dir_.find(v.get());
      if (it == param_dir_.end() && dynamic_.count(v.get())) continue;
      ir::ParamDirection dir = it == param_dir_.end() ? ir::ParamDirection::In : it->second;
      if (v->type->kind == ir::TypeKind::Tensor && IsTensorWrite(accesses, v.get())) {
        // A written tensor is Out unless the body also reads it or accumulates into it: then
        // its contents on entry matter (InOut), whatever the parent declared.
        const TensorUse use = UseOf(accesses, v.get());
        if (use.atomic || (use.read && dir == ir::ParamDirection::Out))
          dir = ir::ParamDirection::InOut;
        else if (dir == ir::ParamDirection::In)
          dir = use.read ? ir::ParamDirection::InOut : ir::ParamDirection::Out;
      }
      params.push_back({v, dir});
      // The parent's current value of v: a scope before this one may have renamed it.
      args.push_back(MutateExpr(v));
    }
    std::vector<ir::TypePtr> rtypes;
    for (const Result& r : results) rtypes.push_back(r.bound->type);
    // Several results come back as one tuple; a tuple among them would nest, which the DSL
    // cannot write (tuple types hold scalars, tensors and tiles only).
    if (results.size() > 1)
      for (const Result& res : results)
        if (const VarPtr& r = res.bound; r->type && r->type->kind == ir::TypeKind::Tuple)
          ir::ThrowUser(r->span,
                        "outline-incore-scopes: the scope's result " + ops::Quote(r->name) +
                            " is a tuple and the scope has " + std::to_string(results.size()) +
                            " results, so the call would return a nested tuple, which the DSL "
                            "cannot write",
                        {{sc.span, "the scope is here"},
                         {ir::Span{},
                          "inside the scope, bind the elements the rest of the "
                          "function reads (x0 = " +
                              r->name + "[0], ...) and read those instead"}});
    ir::AttrMap attrs;
    if (split) ir::SetAttr(attrs, ir::fattr::kSplit, *split);
    if (region_mode) ir::SetAttr(attrs, ir::fattr::kSplit, *region_mode);
    if (regions) ir::SetAttr(attrs, ir::fattr::kSplitAiv, true);
    if (waiter) ir::SetAttr(attrs, ir::fattr::kDeferredCompletionWaiter, true);
    // The pipe depth travels as the function attr the expansion and the simulator read.
    if (slots) ir::SetAttr(attrs, ir::fattr::kSlotNum, *slots);
    const std::string name = OutlinedName(
        !sc.name_hint.empty() ? sc.name_hint : f_->name + "_incore_" + std::to_string(k_));
    ++k_;
    incore.push_back(ir::DeepClone(
        std::make_shared<ir::Function>(name, ir::FunctionType::InCore, std::move(params), rtypes,
                                       std::move(attrs), new_body, sc.span)));
    // A scope that names its task (`as tid`) or waits for others (deps=) is launched as a named
    // task: a submitted call, whose last result is the task's id, bound to the scope's variable.
    if (sc.task_id || !sc.deps.empty()) {
      std::vector<ir::ExprPtr> deps;
      for (const ir::ExprPtr& d : sc.deps) deps.push_back(MutateExpr(d));
      ir::ExprPtr call =
          ir::MakeFunctionCall(name, std::move(args), ir::TaskCallResultType(rtypes), sc.span, {},
                               ir::TaskLaunch{std::move(deps), sc.allow_early_resolve});
      std::vector<StmtPtr> out;
      VarPtr tuple = ir::MakeVar(names_.Fresh(name + "_task"), call->type, sc.span);
      out.push_back(ir::MakeAssign(tuple, call, sc.span));
      for (size_t j = 0; j < results.size(); ++j)
        out.push_back(ir::MakeAssign(
            results[j].bound, ir::MakeTupleGetItem(tuple, static_cast<int>(j), sc.span), sc.span));
      if (sc.task_id)
        out.push_back(ir::MakeAssign(
            sc.task_id, ir::MakeTupleGetItem(tuple, static_cast<int>(results.size()), sc.span),
            sc.span));
      return ir::MakeSeq(std::move(out), sc.span);
    }
    // The call, its results bound back to the variables the parent goes on to read.
    ir::ExprPtr call =
        ir::MakeFunctionCall(name, std::move(args), ir::CallResultType(rtypes), sc.span);
    if (results.empty()) return ir::MakeEval(call, sc.span);
    if (results.size() == 1) return ir::MakeAssign(results[0].bound, call, sc.span);
    std::vector<StmtPtr> out;
    VarPtr tuple = ir::MakeVar(names_.Fresh(name + "_results"), call->type, sc.span);
    out.push_back(ir::MakeAssign(tuple, call, sc.span));
    for (size_t j = 0; j < results.size(); ++j)
      out.push_back(ir::MakeAssign(
          results[j].bound, ir::MakeTupleGetItem(tuple, static_cast<int>(j), sc.span), sc.span));
    return ir::MakeSeq(std::move(out), sc.span);
  }

  // The outlined function's name: the wanted one when it is free. A name one of this function's
  // scopes already took gets the first free numeric suffix (`k`, `k_0`, `k_1`, ...: a helper
  // spliced twice by inline-functions brings its named scope twice); a name another function
  // holds is namespaced under this one (`fn_b_k`, then numbered), so the first function to use
  // a name keeps it.
  std::string OutlinedName(const std::string& wanted) {
    std::string base = wanted;
    if (own_names_.count(wanted) == 0 && taken_.count(wanted) != 0) base = f_->name + "_" + wanted;
    std::string name = base;
    for (size_t n = 0; own_names_.count(name) || taken_.count(name); ++n)
      name = base + "_" + std::to_string(n);
    own_names_.insert(name);
    taken_.insert(name);
    return name;
  }

  const FunctionPtr& f_;
  std::unordered_set<std::string>& taken_;
  ir::NameGenerator names_;
  std::unordered_map<const ir::Var*, ir::ParamDirection> param_dir_;
  std::unordered_set<const ir::Var*> dynamic_;
  std::unordered_set<std::string> own_names_;
  size_t k_ = 0;
};

struct Outlined {
  std::vector<FunctionPtr> incore;
  FunctionPtr parent;
};

// Outlines every CORE_GROUP scope of `f`: returns the outlined InCore functions and `f` with each
// scope replaced by a call of its function (`f` itself when it has no scope).
Outlined OutlineFunction(const FunctionPtr& f, std::unordered_set<std::string>& taken) {
  ScopeOutliner o(f, taken);
  StmtPtr body = o.MutateStmt(f->body);
  if (o.incore.empty()) return {{}, f};
  // A parent that now calls kernels orchestrates them: an Opaque one is promoted (PyPTO's
  // OutlineIncoreScopes does the same), an Orchestration or Graph one keeps its type.
  const ir::FunctionType type =
      f->func_type == ir::FunctionType::Opaque ? ir::FunctionType::Orchestration : f->func_type;
  return {std::move(o.incore),
          std::make_shared<ir::Function>(f->name, type, f->params, f->return_types, f->attrs, body,
                                         f->span)};
}

ir::ProgramPtr Run(const ir::ProgramPtr& p) {
  std::vector<FunctionPtr> out;
  std::unordered_set<std::string> taken;
  for (const FunctionPtr& f : p->functions) taken.insert(f->name);
  std::string first_parent;
  for (const FunctionPtr& f : p->functions) {
    if (!ir::IsHostFunction(f->func_type)) {
      out.push_back(f);  // InCore functions are never outlined from
      continue;
    }
    // A function that outlines a scope reads its tensors' dynamic extents as their symbols
    // (as PyPTO's promotion folds them), so a kernel reading one reads the symbol.
    const bool outlines = ir::AnyStmt(f->body, ir::kWalkAll, [](const StmtPtr& s) {
      const auto* sc = s->As<ir::ScopeStmt>();
      return sc && sc->level == ir::Level::CORE_GROUP;
    });
    Outlined o = OutlineFunction(outlines ? FoldDimReads(f) : f, taken);
    if (!o.incore.empty() && first_parent.empty()) first_parent = f->name;
    for (FunctionPtr& g : o.incore) out.push_back(std::move(g));
    out.push_back(o.parent);
  }
  // A call can only be written inside a program class, so bare functions that now call become
  // one.
  std::string name = p->name;
  if (name.empty() && !first_parent.empty()) name = first_parent + "_program";
  return std::make_shared<ir::Program>(name, std::move(out), p->span);
}

Pass OutlineIncoreScopes() {
  return Pass("outline-incore-scopes", Run,
              {Property::SSAForm, Property::CallsValid, Property::NoNestedInCore},
              {Property::SSAForm, Property::CallsValid, Property::SplitIncoreOrch}, {});
}

// SplitIncoreOrch: no CORE_GROUP scope is left in a host function (Opaque, Orchestration, Graph;
// what outline-incore-scopes leaves; a scope inside an InCore function is that kernel's own).
void VerifySplitIncoreOrch(const ir::ProgramPtr& p) {
  for (const FunctionPtr& f : p->functions) {
    if (!ir::IsHostFunction(f->func_type)) continue;
    StmtPtr scope = ir::FirstStmt(f->body, ir::kWalkAll, [](const StmtPtr& s) {
      const auto* sc = s->As<ir::ScopeStmt>();
      return sc && sc->level == ir::Level::CORE_GROUP;
    });
    if (scope)
      ir::ThrowUser(scope->span,
                    "SplitIncoreOrch: an InCore ScopeStmt (pl.at(level=pl.Level.CORE_GROUP)) is "
                    "left in " +
                        std::string(ir::FunctionTypeName(f->func_type)) + " function " +
                        ops::Quote(f->name),
                    {{ir::Span{}, "run outline-incore-scopes to outline it"}});
  }
}

// NoNestedInCore: no CORE_GROUP scope inside another, in any function. The outer scope's body
// becomes one kernel, so an inner scope asks for nothing it does not already have; its
// name_hint and optimizations would be silently lost, so it is refused rather than dropped.
void VerifyNoNestedInCore(const ir::ProgramPtr& p) {
  auto is_scope = [](const StmtPtr& s) {
    const auto* sc = s->As<ir::ScopeStmt>();
    return sc && sc->level == ir::Level::CORE_GROUP;
  };
  for (const FunctionPtr& f : p->functions) {
    ir::ForEachStmt(f->body, ir::kWalkAll, [&](const StmtPtr& s) {
      if (!is_scope(s)) return ir::WalkStep::Descend;
      StmtPtr inner = ir::FirstStmt(s->As<ir::ScopeStmt>()->body, ir::kWalkAll, is_scope);
      if (inner)
        ir::ThrowUser(inner->span,
                      "NoNestedInCore: Nested InCore scope: this pl.at(level=pl.Level.CORE_GROUP) "
                      "stands inside another in " +
                          ops::Quote(f->name) + ", whose body already runs as one kernel",
                      {{s->span, "the enclosing scope is here"},
                       {ir::Span{},
                        "remove the inner pl.at and keep its statements in the outer scope, or "
                        "move them after it into a scope of their own"}});
      return ir::WalkStep::SkipChildren;
    });
  }
}

}  // namespace

TILESPLIT_REGISTER_PASS("outline-incore-scopes",
                        "Lifts pl.at(level=CORE_GROUP) scopes into InCore functions",
                        OutlineIncoreScopes);
TILESPLIT_REGISTER_VERIFIER(SplitIncoreOrch, VerifySplitIncoreOrch);
TILESPLIT_REGISTER_VERIFIER(NoNestedInCore, VerifyNoNestedInCore);

}  // namespace tilesplit::pass
