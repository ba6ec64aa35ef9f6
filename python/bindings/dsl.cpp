// The DSL front end, the printer and structural equality (dsl.md 9-11).
#include <pybind11/stl.h>

#include "bindings.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/serialize.h"
#include "tilesplit/dsl/structural_equal.h"

namespace tilesplit::python {

namespace {

template <typename Holder>
void DefEqual(py::module_& m) {
  m.def(
      "structural_equal",
      [](const Holder& a, const Holder& b, bool map_free_vars, bool compare_name_hints,
         bool free_vars_by_name) {
        if (!a || !b)
          throw py::type_error(
              "structural_equal(): arguments 'a' and 'b' must be IR nodes, got None");
        dsl::EqualOptions options;
        options.map_free_vars = map_free_vars;
        options.compare_name_hints = compare_name_hints;
        options.free_vars_by_name = free_vars_by_name;
        using Const = std::shared_ptr<const typename Holder::element_type>;
        return dsl::StructuralEqual(Const(a), Const(b), options);
      },
      py::arg("a"), py::arg("b"), py::arg("map_free_vars") = true,
      py::arg("compare_name_hints") = false, py::arg("free_vars_by_name") = false);
}

}  // namespace

void BindDsl(py::module_& m) {
  m.def(
      "parse",
      [](std::string_view text, const std::string& filename, bool convert_to_ssa,
         bool defer_memory_contract) {
        dsl::ParseOptions options;
        options.convert_to_ssa = convert_to_ssa;
        options.defer_memory_contract = defer_memory_contract;
        return Mut(dsl::Parse(text, filename, options));
      },
      py::arg("text"), py::arg("filename") = "<string>", py::arg("convert_to_ssa") = true,
      py::arg("defer_memory_contract") = false);
  m.def(
      "parse_file",
      [](const std::string& path, bool convert_to_ssa) {
        dsl::ParseOptions options;
        options.convert_to_ssa = convert_to_ssa;
        return Mut(dsl::ParseFile(path, options));
      },
      py::arg("path"), py::arg("convert_to_ssa") = true);

  // PyPTO's ir.serialize / ir.deserialize: any node as text that reads back (serialize.h).
  m.def("serialize", [](const std::shared_ptr<ir::Program>& p) {
    return py::bytes(dsl::Serialize({p, nullptr, nullptr, nullptr}));
  });
  m.def("serialize", [](const std::shared_ptr<ir::Function>& f) {
    return py::bytes(dsl::Serialize({nullptr, f, nullptr, nullptr}));
  });
  m.def("serialize", [](const std::shared_ptr<ir::Stmt>& s) {
    return py::bytes(dsl::Serialize({nullptr, nullptr, s, nullptr}));
  });
  m.def(
      "serialize",
      [](const std::shared_ptr<ir::Expr>& e) {
        return py::bytes(dsl::Serialize({nullptr, nullptr, nullptr, e}));
      },
      "The node as serialized text (bytes) that deserialize() reads back.");
  m.def(
      "deserialize",
      [](const py::bytes& data) -> py::object {
        dsl::SerialNode n = dsl::Deserialize(std::string(data));
        if (n.program) return py::cast(Mut(n.program));
        if (n.function) return py::cast(Mut(n.function));
        if (n.stmt) return py::cast(Mut(n.stmt));
        return py::cast(Mut(n.expr));
      },
      py::arg("data"));

  py::class_<dsl::EqualResult>(m, "EqualResult")
      .def_readonly("equal", &dsl::EqualResult::equal)
      .def_readonly("path", &dsl::EqualResult::path)
      .def_readonly("lhs", &dsl::EqualResult::lhs)
      .def_readonly("rhs", &dsl::EqualResult::rhs)
      .def("describe", &dsl::EqualResult::Describe)
      .def("__bool__", [](const dsl::EqualResult& r) { return r.equal; })
      .def("__repr__", [](const dsl::EqualResult& r) {
        return r.equal ? std::string("<EqualResult: equal>")
                       : "<EqualResult: differ at " + r.path + ">";
      });
  // Overloads are tried in order; each accepts only its own node family.
  DefEqual<std::shared_ptr<ir::Program>>(m);
  DefEqual<std::shared_ptr<ir::Function>>(m);
  DefEqual<std::shared_ptr<ir::Stmt>>(m);
  DefEqual<std::shared_ptr<ir::Expr>>(m);
}

}  // namespace tilesplit::python
