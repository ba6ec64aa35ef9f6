// Read-only views of statements. `SeqStmts` keeps nesting as built; Function.statements in
// program.cpp gives the flattened list most tests want.
#include <pybind11/stl.h>

#include "bindings.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::python {

namespace {

using StmtHolder = std::shared_ptr<ir::Stmt>;

py::list VarsToList(const std::vector<ir::VarPtr>& vars) {
  py::list out;
  for (const ir::VarPtr& v : vars) out.append(py::cast(Mut(v)));
  return out;
}

py::list StmtsToList(const std::vector<ir::StmtPtr>& stmts) {
  py::list out;
  for (const ir::StmtPtr& s : stmts) out.append(py::cast(Mut(s)));
  return out;
}

py::object OptionalStmt(const ir::StmtPtr& s) {
  return s ? py::cast(Mut(s)) : py::none();
}

}  // namespace

py::list FlattenedStmts(const ir::StmtPtr& body) {
  return StmtsToList(ir::FlattenStmts(body));
}

void BindStmts(py::module_& m) {
  py::class_<ir::Stmt, StmtHolder> stmt(m, "Stmt");
  stmt.def_readonly("kind", &ir::Stmt::kind)
      .def_readonly("span", &ir::Stmt::span)
      .def("__str__", [](const StmtHolder& s) { return dsl::PrintStmt(s); })
      .def("same_as", [](const ir::Stmt& a, const ir::Stmt& b) { return &a == &b; })
      .def("__eq__",
           [](const ir::Stmt& a, py::object b) {
             return py::isinstance<ir::Stmt>(b) && &a == &b.cast<const ir::Stmt&>();
           })
      .def("__hash__", [](const ir::Stmt& a) { return std::hash<const void*>()(&a); });

  py::class_<ir::AssignStmt, ir::Stmt, std::shared_ptr<ir::AssignStmt>>(m, "AssignStmt")
      .def_property_readonly("var", [](const ir::AssignStmt& s) { return Mut(s.var); })
      .def_property_readonly("value", [](const ir::AssignStmt& s) { return Mut(s.value); });
  py::class_<ir::EvalStmt, ir::Stmt, std::shared_ptr<ir::EvalStmt>>(m, "EvalStmt")
      .def_property_readonly("expr", [](const ir::EvalStmt& s) { return Mut(s.expr); });
  py::class_<ir::ReturnStmt, ir::Stmt, std::shared_ptr<ir::ReturnStmt>>(m, "ReturnStmt")
      .def_property_readonly("values",
                             [](const ir::ReturnStmt& s) { return ExprsToList(s.values); });
  py::class_<ir::SeqStmts, ir::Stmt, std::shared_ptr<ir::SeqStmts>>(m, "SeqStmts")
      .def_property_readonly("stmts", [](const ir::SeqStmts& s) { return StmtsToList(s.stmts); });
  py::class_<ir::YieldStmt, ir::Stmt, std::shared_ptr<ir::YieldStmt>>(m, "YieldStmt")
      .def_property_readonly("values",
                             [](const ir::YieldStmt& s) { return ExprsToList(s.values); });

  py::class_<ir::IterArg>(m, "IterArg")
      .def_property_readonly("var", [](const ir::IterArg& a) { return Mut(a.var); })
      .def_property_readonly("init", [](const ir::IterArg& a) { return Mut(a.init); });

  py::class_<ir::ForStmt, ir::Stmt, std::shared_ptr<ir::ForStmt>>(m, "ForStmt")
      .def_property_readonly("loop_var", [](const ir::ForStmt& s) { return Mut(s.loop_var); })
      .def_property_readonly("start", [](const ir::ForStmt& s) { return Mut(s.start); })
      .def_property_readonly("stop", [](const ir::ForStmt& s) { return Mut(s.stop); })
      .def_property_readonly("step", [](const ir::ForStmt& s) { return Mut(s.step); })
      .def_readonly("for_kind", &ir::ForStmt::for_kind)
      .def_readonly("stage", &ir::ForStmt::stage)
      .def_readonly("iter_args", &ir::ForStmt::iter_args)
      .def_property_readonly("body", [](const ir::ForStmt& s) { return Mut(s.body); })
      .def_property_readonly("return_vars",
                             [](const ir::ForStmt& s) { return VarsToList(s.return_vars); });
  py::class_<ir::WhileStmt, ir::Stmt, std::shared_ptr<ir::WhileStmt>>(m, "WhileStmt")
      .def_property_readonly("cond", [](const ir::WhileStmt& s) { return Mut(s.cond); })
      .def_readonly("iter_args", &ir::WhileStmt::iter_args)
      .def_property_readonly("body", [](const ir::WhileStmt& s) { return Mut(s.body); })
      .def_property_readonly("return_vars",
                             [](const ir::WhileStmt& s) { return VarsToList(s.return_vars); });
  py::class_<ir::IfStmt, ir::Stmt, std::shared_ptr<ir::IfStmt>>(m, "IfStmt")
      .def_property_readonly("cond", [](const ir::IfStmt& s) { return Mut(s.cond); })
      .def_property_readonly("then_body", [](const ir::IfStmt& s) { return Mut(s.then_body); })
      .def_property_readonly("else_body",
                             [](const ir::IfStmt& s) { return OptionalStmt(s.else_body); })
      .def_property_readonly("return_vars",
                             [](const ir::IfStmt& s) { return VarsToList(s.return_vars); });

  py::class_<ir::ScopeOptimization>(m, "ScopeOptimization")
      .def_readonly("kind", &ir::ScopeOptimization::kind)
      .def_readonly("split", &ir::ScopeOptimization::split)
      .def_readonly("slot_num", &ir::ScopeOptimization::slot_num);
  py::class_<ir::ScopeStmt, ir::Stmt, std::shared_ptr<ir::ScopeStmt>>(m, "ScopeStmt")
      .def_readonly("level", &ir::ScopeStmt::level)
      .def_readonly("optimizations", &ir::ScopeStmt::optimizations)
      .def_readonly("name_hint", &ir::ScopeStmt::name_hint)
      .def_readonly("allow_early_resolve", &ir::ScopeStmt::allow_early_resolve)
      .def_property_readonly("body", [](const ir::ScopeStmt& s) { return Mut(s.body); });
  py::class_<ir::SplitAivStmt, ir::Stmt, std::shared_ptr<ir::SplitAivStmt>>(m, "SplitAivStmt")
      .def_readonly("mode", &ir::SplitAivStmt::mode)
      .def_property_readonly("body", [](const ir::SplitAivStmt& s) { return Mut(s.body); })
      .def_property_readonly("lane_var", [](const ir::SplitAivStmt& s) -> py::object {
        ir::VarPtr v = ir::LaneVar(s);
        return v ? py::cast(Mut(v)) : py::none();
      });

  m.def(
      "flatten_stmts",
      [](const StmtHolder& body) {
        if (!body)
          throw py::type_error("flatten_stmts(): argument 'body' must be a Stmt, got None");
        return FlattenedStmts(body);
      },
      py::arg("body"), "The statements of a body with nested SeqStmts flattened.");
}

}  // namespace tilesplit::python
