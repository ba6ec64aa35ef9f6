// Read-only views of expressions. Equality and hashing are by node identity (a Var is a variable,
// not its name); structural comparison is tilesplit.ir.structural_equal.
#include <pybind11/stl.h>

#include "bindings.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::python {

namespace {

using ExprHolder = std::shared_ptr<ir::Expr>;

template <typename Cls>
void AddIdentity(Cls& cls) {
  using T = typename Cls::type;
  cls.def("same_as", [](const T& a, const T& b) { return &a == &b; })
      .def("__eq__", [](const T& a,
                        py::object b) { return py::isinstance<T>(b) && &a == &b.cast<const T&>(); })
      .def("__hash__", [](const T& a) { return std::hash<const void*>()(&a); });
}

}  // namespace

void BindExprs(py::module_& m) {
  py::class_<UnknownTypeMarker>(m, "UnknownType")
      .def(py::init<>())
      .def("__eq__", [](const UnknownTypeMarker&,
                        py::object o) { return py::isinstance<UnknownTypeMarker>(o); })
      .def("__hash__", [](const UnknownTypeMarker&) { return 0x556e6b; })
      .def("__repr__", [](const UnknownTypeMarker&) { return "UnknownType()"; });
  py::class_<ir::Expr, ExprHolder> expr(m, "Expr");
  expr.def_readonly("kind", &ir::Expr::kind)
      .def_property_readonly("type",
                             [](const ir::Expr& e) -> py::object {
                               if (!e.type) return py::cast(UnknownTypeMarker{});
                               return py::cast(Mut(e.type));
                             })
      .def_readonly("span", &ir::Expr::span)
      .def("__str__", [](const ExprHolder& e) { return ir::ExprToString(e); })
      .def("__repr__", [](const ExprHolder& e) { return "<Expr " + ir::ExprToString(e) + ">"; });
  AddIdentity(expr);

  py::class_<ir::Var, ir::Expr, std::shared_ptr<ir::Var>>(m, "Var").def_readonly("name",
                                                                                 &ir::Var::name);
  py::class_<ir::ConstInt, ir::Expr, std::shared_ptr<ir::ConstInt>>(m, "ConstInt")
      .def_readonly("value", &ir::ConstInt::value);
  py::class_<ir::ConstFloat, ir::Expr, std::shared_ptr<ir::ConstFloat>>(m, "ConstFloat")
      .def_readonly("value", &ir::ConstFloat::value);
  py::class_<ir::ConstBool, ir::Expr, std::shared_ptr<ir::ConstBool>>(m, "ConstBool")
      .def_readonly("value", &ir::ConstBool::value);
  py::class_<ir::Binary, ir::Expr, std::shared_ptr<ir::Binary>>(m, "Binary")
      .def_readonly("op", &ir::Binary::op)
      .def_property_readonly("lhs", [](const ir::Binary& e) { return Mut(e.lhs); })
      .def_property_readonly("rhs", [](const ir::Binary& e) { return Mut(e.rhs); });
  py::class_<ir::Unary, ir::Expr, std::shared_ptr<ir::Unary>>(m, "Unary")
      .def_readonly("op", &ir::Unary::op)
      .def_property_readonly("operand", [](const ir::Unary& e) { return Mut(e.operand); });
  py::class_<ir::Cast, ir::Expr, std::shared_ptr<ir::Cast>>(m, "Cast")
      .def_property_readonly("value", [](const ir::Cast& e) { return Mut(e.value); })
      .def_property_readonly("dtype", &ir::Cast::dtype);
  py::class_<ir::Call, ir::Expr, std::shared_ptr<ir::Call>>(m, "Call")
      .def_property_readonly("op_name", &ir::Call::op_name)
      .def_property_readonly("args", [](const ir::Call& e) { return ExprsToList(e.args); })
      .def_property_readonly("kwargs", [](const ir::Call& e) { return AttrsToDict(e.kwargs); })
      .def_property_readonly("attrs", [](const ir::Call& e) { return AttrsToDict(e.attrs); });
  py::class_<ir::MakeTuple, ir::Expr, std::shared_ptr<ir::MakeTuple>>(m, "MakeTuple")
      .def_property_readonly("elements",
                             [](const ir::MakeTuple& e) { return ExprsToList(e.elements); });
  py::class_<ir::TupleGetItem, ir::Expr, std::shared_ptr<ir::TupleGetItem>>(m, "TupleGetItem")
      .def_property_readonly("tuple", [](const ir::TupleGetItem& e) { return Mut(e.tuple); })
      .def_readonly("index", &ir::TupleGetItem::index);
  py::class_<ir::FunctionCall, ir::Expr, std::shared_ptr<ir::FunctionCall>>(m, "FunctionCall")
      .def_readonly("callee", &ir::FunctionCall::callee)
      .def_property_readonly("args", [](const ir::FunctionCall& e) { return ExprsToList(e.args); })
      .def_property_readonly("attrs",
                             [](const ir::FunctionCall& e) { return AttrsToDict(e.attrs); })
      // A submitted call (ir::TaskLaunch): PyPTO's ir.Submit.
      .def_property_readonly("is_submit",
                             [](const ir::FunctionCall& e) { return e.task.has_value(); })
      .def_property_readonly(
          "deps",
          [](const ir::FunctionCall& e) {
            return ExprsToList(e.task ? e.task->deps : std::vector<ir::ExprPtr>{});
          })
      .def_property_readonly("allow_early_resolve", [](const ir::FunctionCall& e) {
        return e.task && e.task->allow_early_resolve;
      });
}

}  // namespace tilesplit::python
