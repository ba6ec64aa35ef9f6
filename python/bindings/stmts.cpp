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

template <typename T>
using StmtClass = py::class_<T, ir::Stmt, std::shared_ptr<T>>;

// The read-only accessors of each node class, one overload per kind: the class list below is
// generated from ir/node_kinds.h, so a kind without an overload here does not compile. The
// attributes a kind lists as its Python fields (node_kinds.h) must be among them
// (python/tests/test_stmt_kinds.py).
void DefineFields(StmtClass<ir::AssignStmt>& c) {
  c.def_property_readonly("var", [](const ir::AssignStmt& s) {
     return Mut(s.var);
   }).def_property_readonly("value", [](const ir::AssignStmt& s) { return Mut(s.value); });
}
void DefineFields(StmtClass<ir::EvalStmt>& c) {
  c.def_property_readonly("expr", [](const ir::EvalStmt& s) { return Mut(s.expr); });
}
void DefineFields(StmtClass<ir::ReturnStmt>& c) {
  c.def_property_readonly("values", [](const ir::ReturnStmt& s) { return ExprsToList(s.values); });
}
void DefineFields(StmtClass<ir::SeqStmts>& c) {
  c.def_property_readonly("stmts", [](const ir::SeqStmts& s) { return StmtsToList(s.stmts); });
}
void DefineFields(StmtClass<ir::YieldStmt>& c) {
  c.def_property_readonly("values", [](const ir::YieldStmt& s) { return ExprsToList(s.values); });
}
void DefineFields(StmtClass<ir::ForStmt>& c) {
  c.def_property_readonly("loop_var", [](const ir::ForStmt& s) { return Mut(s.loop_var); })
      .def_property_readonly("start", [](const ir::ForStmt& s) { return Mut(s.start); })
      .def_property_readonly("stop", [](const ir::ForStmt& s) { return Mut(s.stop); })
      .def_property_readonly("step", [](const ir::ForStmt& s) { return Mut(s.step); })
      .def_readonly("for_kind", &ir::ForStmt::for_kind)
      .def_readonly("stage", &ir::ForStmt::stage)
      .def_readonly("iter_args", &ir::ForStmt::iter_args)
      .def_property_readonly("body", [](const ir::ForStmt& s) { return Mut(s.body); })
      .def_property_readonly("return_vars",
                             [](const ir::ForStmt& s) { return VarsToList(s.return_vars); });
}
void DefineFields(StmtClass<ir::WhileStmt>& c) {
  c.def_property_readonly("cond", [](const ir::WhileStmt& s) { return Mut(s.cond); })
      .def_readonly("iter_args", &ir::WhileStmt::iter_args)
      .def_property_readonly("body", [](const ir::WhileStmt& s) { return Mut(s.body); })
      .def_property_readonly("return_vars",
                             [](const ir::WhileStmt& s) { return VarsToList(s.return_vars); });
}
void DefineFields(StmtClass<ir::IfStmt>& c) {
  c.def_property_readonly("cond", [](const ir::IfStmt& s) { return Mut(s.cond); })
      .def_property_readonly("then_body", [](const ir::IfStmt& s) { return Mut(s.then_body); })
      .def_property_readonly("else_body",
                             [](const ir::IfStmt& s) { return OptionalStmt(s.else_body); })
      .def_property_readonly("return_vars",
                             [](const ir::IfStmt& s) { return VarsToList(s.return_vars); });
}
void DefineFields(StmtClass<ir::ScopeStmt>& c) {
  c.def_readonly("level", &ir::ScopeStmt::level)
      .def_readonly("optimizations", &ir::ScopeStmt::optimizations)
      .def_readonly("name_hint", &ir::ScopeStmt::name_hint)
      .def_readonly("allow_early_resolve", &ir::ScopeStmt::allow_early_resolve)
      .def_property_readonly("body", [](const ir::ScopeStmt& s) { return Mut(s.body); });
}
void DefineFields(StmtClass<ir::SpmdScopeStmt>& c) {
  c.def_property_readonly("core_num", [](const ir::SpmdScopeStmt& s) { return Mut(s.core_num); })
      .def_readonly("name_hint", &ir::SpmdScopeStmt::name_hint)
      .def_readonly("allow_early_resolve", &ir::SpmdScopeStmt::allow_early_resolve)
      .def_property_readonly("body", [](const ir::SpmdScopeStmt& s) { return Mut(s.body); });
}
void DefineFields(StmtClass<ir::SplitAivStmt>& c) {
  c.def_readonly("mode", &ir::SplitAivStmt::mode)
      .def_property_readonly("body", [](const ir::SplitAivStmt& s) { return Mut(s.body); })
      .def_property_readonly("lane_var", [](const ir::SplitAivStmt& s) -> py::object {
        ir::VarPtr v = ir::LaneVar(s);
        return v ? py::cast(Mut(v)) : py::none();
      });
}

const char* ShapeName(ir::StmtShape s) {
  switch (s) {
    case ir::StmtShape::Leaf:
      return "leaf";
    case ir::StmtShape::Sequence:
      return "sequence";
    case ir::StmtShape::OneBody:
      return "one_body";
    case ir::StmtShape::Branches:
      return "branches";
  }
  return "?";
}

// `_core.stmt_kinds()`: the list of ir/node_kinds.h as Python sees it, one StmtKindInfo per kind
// in enum order. Python code that walks statements (the pypto visitor and mutator) builds its
// dispatch from it instead of keeping a copy of the list.
void BindStmtKindTable(py::module_& m) {
  py::object info =
      py::module_::import("collections")
          .attr("namedtuple")("StmtKindInfo", py::make_tuple("kind", "name", "node_class", "shape",
                                                             "py_name", "visit_method", "fields"));
  info.attr("__doc__") =
      "One statement kind (ir/node_kinds.h): its StmtKind, enumerator name, node class, shape "
      "(leaf, sequence, one_body, branches), PyPTO node name, visitor method name and the "
      "attributes holding its expressions and statements, in evaluation order.";
  m.attr("StmtKindInfo") = info;
  py::list table;
  for (const ir::StmtKindFacts& k : ir::kStmtKinds) {
    py::list fields = py::str(k.py_fields).attr("split")();
    table.append(info(k.kind, k.name, m.attr(k.class_name), ShapeName(k.shape), k.py_name,
                      std::string("visit_") + k.py_name, py::tuple(fields)));
  }
  py::tuple frozen(table);
  m.def(
      "stmt_kinds", [frozen]() { return frozen; },
      "The statement kinds (ir/node_kinds.h), one StmtKindInfo each, in StmtKind order.");
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

  py::class_<ir::IterArg>(m, "IterArg")
      .def_property_readonly("var", [](const ir::IterArg& a) { return Mut(a.var); })
      .def_property_readonly("init", [](const ir::IterArg& a) { return Mut(a.init); });
  py::class_<ir::ScopeOptimization>(m, "ScopeOptimization")
      .def_readonly("kind", &ir::ScopeOptimization::kind)
      .def_readonly("split", &ir::ScopeOptimization::split)
      .def_readonly("slot_num", &ir::ScopeOptimization::slot_num);

  // One class per kind of ir/node_kinds.h, each with its own accessors (DefineFields above).
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  {                                                               \
    StmtClass<ir::Class> c(m, #Class);                            \
    DefineFields(c);                                              \
  }
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  BindStmtKindTable(m);

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
