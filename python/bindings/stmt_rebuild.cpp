// `_core.with_stmt_fields`: a copy of a statement with some of its Python fields replaced, the
// rebuild behind the `pypto` mutator (python/pypto/ir/_visitor.py). One overload per statement
// kind, dispatched from the list of kinds (ir/node_kinds.h).
#include <pybind11/stl.h>

#include <set>
#include <string>
#include <vector>

#include "bindings.h"
#include "builder_args.h"
#include "tilesplit/ir/walk.h"
#include "validate.h"

namespace tilesplit::python {
namespace {

// The replacement values of `_core.with_stmt_fields`, read by field name with the node's own value
// as the default; each read is converted as the kind's constructor converts that argument.
class FieldValues {
 public:
  FieldValues(const py::dict& d, const char* cls) : d_(d), cls_(cls) {}

  ir::ExprPtr Get(const char* name, const ir::ExprPtr& old) {
    return Has(name) ? ToExpr(d_[name], {cls_, name}) : old;
  }
  std::vector<ir::ExprPtr> Get(const char* name, const std::vector<ir::ExprPtr>& old) {
    return Has(name) ? ToExprs(d_[name], {cls_, name}) : old;
  }
  ir::StmtPtr Get(const char* name, const ir::StmtPtr& old, bool optional = false) {
    return Has(name) ? ToStmt(d_[name], {cls_, name}, optional) : old;
  }
  std::vector<ir::StmtPtr> Get(const char* name, const std::vector<ir::StmtPtr>& old) {
    if (!Has(name)) return old;
    return SeqArg(
        d_[name], {cls_, name},
        [](py::handle h, const Arg& e) -> ir::StmtPtr { return ToStmt(h, e); }, false);
  }
  std::vector<ir::IterArg> Get(const char* name, const std::vector<ir::IterArg>& old) {
    return Has(name) ? ToIterArgs(d_[name], {cls_, name}) : old;
  }
  // Every key given was a field the kind read: a misspelt or foreign field is refused, not
  // silently dropped.
  void CheckAllRead() const {
    for (auto [k, v] : d_)
      if (!read_.count(py::str(k)))
        throw py::value_error(std::string("with_stmt_fields(): a ") + cls_ +
                              " has no replaceable field '" + std::string(py::str(k)) + "'");
  }

 private:
  bool Has(const char* name) {
    read_.insert(name);
    return d_.contains(name);
  }
  py::dict d_;
  const char* cls_;
  std::set<std::string> read_;
};

// A copy of a node with some of its Python fields (ir/node_kinds.h) replaced: one overload per
// kind, called from the list, so a kind without one does not compile. Everything a field does not
// name (span, variables defined, loop kind, scope options) is kept.
ir::StmtPtr Replaced(const ir::AssignStmt& s, FieldValues& f) {
  return ir::MakeAssign(s.var, f.Get("value", s.value), s.span);
}
ir::StmtPtr Replaced(const ir::EvalStmt& s, FieldValues& f) {
  return ir::MakeEval(f.Get("expr", s.expr), s.span);
}
ir::StmtPtr Replaced(const ir::ReturnStmt& s, FieldValues& f) {
  return ir::MakeReturn(f.Get("values", s.values), s.span);
}
ir::StmtPtr Replaced(const ir::SeqStmts& s, FieldValues& f) {
  return std::make_shared<ir::SeqStmts>(f.Get("stmts", s.stmts), s.span);
}
ir::StmtPtr Replaced(const ir::YieldStmt& s, FieldValues& f) {
  return ir::MakeYield(f.Get("values", s.values), s.span);
}
ir::StmtPtr Replaced(const ir::ForStmt& s, FieldValues& f) {
  return std::make_shared<ir::ForStmt>(
      s.loop_var, f.Get("start", s.start), f.Get("stop", s.stop), f.Get("step", s.step), s.for_kind,
      s.stage, f.Get("iter_args", s.iter_args), f.Get("body", s.body), s.return_vars, s.span);
}
ir::StmtPtr Replaced(const ir::WhileStmt& s, FieldValues& f) {
  return std::make_shared<ir::WhileStmt>(f.Get("cond", s.cond), f.Get("iter_args", s.iter_args),
                                         f.Get("body", s.body), s.return_vars, s.span);
}
ir::StmtPtr Replaced(const ir::IfStmt& s, FieldValues& f) {
  return std::make_shared<ir::IfStmt>(f.Get("cond", s.cond), f.Get("then_body", s.then_body),
                                      f.Get("else_body", s.else_body, /*optional=*/true),
                                      s.return_vars, s.span);
}
ir::StmtPtr Replaced(const ir::ScopeStmt& s, FieldValues& f) {
  return std::make_shared<ir::ScopeStmt>(s.level, s.optimizations, s.name_hint,
                                         s.allow_early_resolve, f.Get("body", s.body), s.span,
                                         s.task_id, s.deps);
}
ir::StmtPtr Replaced(const ir::SplitAivStmt& s, FieldValues& f) {
  return std::make_shared<ir::SplitAivStmt>(s.mode, f.Get("body", s.body), s.span);
}
ir::StmtPtr Replaced(const ir::SpmdScopeStmt& s, FieldValues& f) {
  return std::make_shared<ir::SpmdScopeStmt>(f.Get("core_num", s.core_num), s.name_hint,
                                             s.allow_early_resolve, f.Get("body", s.body), s.span);
}

}  // namespace

void BindStmtRebuild(py::module_& m) {
  m.def(
      "with_stmt_fields",
      [](const StmtHolder& s, const py::dict& fields) -> StmtHolder {
        if (!s) throw py::type_error("with_stmt_fields(): argument 'stmt' must be a Stmt");
        // Each kind is rebuilt by the Replaced overload of its node class.
        const ir::StmtPtr out = ir::VisitStmtKind(*s, [&]<typename T>(const T& node) {
          FieldValues f(fields, ir::FactsOf(T::kKind).class_name);
          ir::StmtPtr rebuilt = Replaced(node, f);
          f.CheckAllRead();
          return rebuilt;
        });
        return Mut(out);
      },
      py::arg("stmt"), py::arg("fields"),
      "A copy of `stmt` with the given fields (its kind's StmtKindInfo.fields) replaced; the "
      "Python mutator's rebuild.");
}

}  // namespace tilesplit::python
