#include "tilesplit/ir/transform.h"

#include <unordered_set>

#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/visitor.h"

namespace tilesplit::ir {

namespace {

// ---- Substitute.

const ExprPtr* Lookup(const VarMap& m, const Var* v) {
  auto it = m.find(v);
  return it == m.end() ? nullptr : &it->second;
}
const ExprPtr* Lookup(const FlatVarMap& m, const Var* v) {
  return m.Find(v);
}

template <typename Map>
class Substituter : public IRMutator {
 public:
  explicit Substituter(const Map& m) : map_(m) {}

 protected:
  ExprPtr MutateVar(const VarPtr& v) override {
    if (const ExprPtr* to = Lookup(map_, v.get())) return *to;
    return RemapVar(v);
  }
  VarPtr MutateVarDef(const VarPtr& v) override {
    // A definition can only be renamed to another variable; a non-Var replacement rewrites the
    // uses and leaves the definition (with its type substituted) in place.
    if (const ExprPtr* to = Lookup(map_, v.get()); to && *to && (*to)->kind == ExprKind::Var)
      return std::static_pointer_cast<const Var>(*to);
    return RemapVar(v);
  }

 private:
  const Map& map_;
};

// ---- DeepClone.

class Cloner : public IRMutator {
 public:
  Cloner() : IRMutator(/*always_rebuild=*/true) {}

 protected:
  ExprPtr MutateVar(const VarPtr& v) override {
    if (const VarPtr* mapped = FindVarMapping(v.get())) return *mapped;
    return v;  // free: kept, it belongs to the enclosing context
  }
  VarPtr MutateVarDef(const VarPtr& v) override {
    if (const VarPtr* mapped = FindVarMapping(v.get())) return *mapped;
    VarPtr fresh = MakeVar(v->name, MutateType(v->type), v->span);
    SetVarMapping(v, fresh);
    return fresh;
  }
};

// ---- Collection.

class DefCollector : public IRVisitor {
 public:
  std::vector<VarPtr> defs;
  std::unordered_set<const Var*> set;

 protected:
  void VisitVarDef(const VarPtr& v) override {
    if (v && set.insert(v.get()).second) defs.push_back(v);
    IRVisitor::VisitVarDef(v);
  }
};

// Collects the variables used but not in `defined`, in first-use order. The type of such a
// variable is visited when it is first seen: its dimensions are as much needed from outside as
// the variable itself.
class FreeCollector : public IRVisitor {
 public:
  explicit FreeCollector(const std::unordered_set<const Var*>& defined) : defined_(defined) {}
  std::vector<VarPtr> free;

 protected:
  void VisitVar(const VarPtr& v) override {
    if (!v || defined_.count(v.get()) || !seen_.insert(v.get()).second) return;
    free.push_back(v);
    VisitType(v->type);
  }

 private:
  const std::unordered_set<const Var*>& defined_;
  std::unordered_set<const Var*> seen_;
};

// Looks for a direct use of one variable: in an expression, or in a type written inside the
// statement (a definition's declared type, a call's result type).
class UseFinder : public IRVisitor {
 public:
  explicit UseFinder(const Var* target) : target_(target) {}
  bool found = false;

  void VisitExpr(const ExprPtr& e) override {
    if (!found) IRVisitor::VisitExpr(e);
  }
  void VisitStmt(const StmtPtr& s) override {
    if (!found) IRVisitor::VisitStmt(s);
  }

 protected:
  void VisitVar(const VarPtr& v) override {
    if (v.get() == target_) found = true;
  }

 private:
  const Var* target_;
};

// Reserves the names of a function that Fresh(base) could otherwise produce: `base` itself and
// `base_N`.
class NameCollector : public IRVisitor {
 public:
  NameCollector(NameGenerator& g, const std::string& base) : gen_(g), base_(base) {}

 protected:
  // A use is read here rather than in VisitVar: the base class hands VisitVar a new shared
  // pointer, and this walk reads every expression of the function.
  void VisitExpr(const ExprPtr& e) override {
    if (e && e->kind == ExprKind::Var) return Consider(static_cast<const Var&>(*e).name);
    IRVisitor::VisitExpr(e);
  }
  void VisitVarDef(const VarPtr& v) override {
    if (v) Consider(v->name);
    IRVisitor::VisitVarDef(v);
  }
  // A type may read a variable no statement defines (a free dynamic dimension), so types are
  // read too, but each type node once: the parser gives the values of one type one node, and the
  // types were most of this walk.
  void VisitType(const TypePtr& t) override {
    if (!t || t->kind == TypeKind::Scalar || !seen_types_.insert(t.get()).second) return;
    IRVisitor::VisitType(t);
  }

 private:
  void Consider(const std::string& name) {
    if (name.size() < base_.size() || name.compare(0, base_.size(), base_) != 0) return;
    if (name.size() > base_.size()) {
      if (name[base_.size()] != '_' || name.size() == base_.size() + 1) return;
      for (size_t i = base_.size() + 1; i < name.size(); ++i)
        if (name[i] < '0' || name[i] > '9') return;
    }
    gen_.Reserve(name);
  }

  NameGenerator& gen_;
  const std::string& base_;
  std::unordered_set<const Type*> seen_types_;
};

}  // namespace

ExprPtr Substitute(const ExprPtr& e, const VarMap& m) {
  if (m.empty()) return e;
  Substituter<VarMap> s(m);
  return s.MutateExpr(e);
}
ExprPtr Substitute(const ExprPtr& e, const FlatVarMap& m) {
  if (m.empty()) return e;
  Substituter<FlatVarMap> s(m);
  return s.MutateExpr(e);
}
TypePtr Substitute(const TypePtr& t, const VarMap& m) {
  if (m.empty()) return t;
  Substituter<VarMap> s(m);
  return s.MutateType(t);
}
StmtPtr Substitute(const StmtPtr& st, const VarMap& m) {
  if (m.empty()) return st;
  Substituter<VarMap> s(m);
  return s.MutateStmt(st);
}
FunctionPtr Substitute(const FunctionPtr& f, const VarMap& m) {
  if (m.empty()) return f;
  Substituter<VarMap> s(m);
  return s.MutateFunction(f);
}

FunctionPtr DeepClone(const FunctionPtr& f) {
  Cloner c;
  return c.MutateFunction(f);
}
StmtPtr DeepClone(const StmtPtr& s) {
  Cloner c;
  return c.MutateStmt(s);
}

std::vector<VarPtr> DefinedVars(const StmtPtr& s) {
  DefCollector c;
  c.VisitStmt(s);
  return std::move(c.defs);
}

std::vector<VarPtr> FreeVars(const StmtPtr& s) {
  // Definitions are gathered first so that a use preceding its definition in traversal order
  // (not SSA, but possible in hand-built IR) is still not reported as free.
  DefCollector defs;
  defs.VisitStmt(s);
  FreeCollector c(defs.set);
  c.VisitStmt(s);
  return std::move(c.free);
}

std::vector<VarPtr> FreeVars(const ExprPtr& e) {
  const std::unordered_set<const Var*> none;
  FreeCollector c(none);
  c.VisitExpr(e);
  return std::move(c.free);
}

std::vector<VarPtr> FreeVars(const Function& f) {
  DefCollector defs;
  defs.VisitFunction(f);  // parameters are definitions too
  FreeCollector c(defs.set);
  c.VisitFunction(f);
  return std::move(c.free);
}

bool UsesVar(const StmtPtr& s, const Var* v) {
  if (!v) return false;
  UseFinder f(v);
  f.VisitStmt(s);
  return f.found;
}

bool RegionReadsLane(const SplitAivStmt& region) {
  VarPtr lane = LaneVar(region);
  return lane && UsesVar(region.body, lane.get());
}

std::string NameGenerator::Fresh(const std::string& hint) {
  const std::string base = hint.empty() ? std::string("v") : hint;
  if (source_ && scanned_.insert(base).second) {
    NameCollector c(*this, base);
    c.VisitFunction(*source_);
  }
  if (taken_.insert(base).second) return base;
  uint64_t& next = next_suffix_[base];
  if (next == 0) next = 1;
  while (true) {
    std::string candidate = base + "_" + std::to_string(next++);
    if (taken_.insert(candidate).second) return candidate;
  }
}

TypePtr BoundCallResultType(const Function& callee, const std::vector<ExprPtr>& args) {
  VarMap bind;
  for (size_t i = 0; i < args.size() && i < callee.params.size(); ++i)
    bind[callee.params[i].var.get()] = args[i];
  std::vector<TypePtr> results;
  results.reserve(callee.return_types.size());
  for (const TypePtr& t : callee.return_types) results.push_back(Substitute(t, bind));
  return CallResultType(results);
}

}  // namespace tilesplit::ir
