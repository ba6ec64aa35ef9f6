// Read-only views of functions and programs, and their canonical text (dsl.md 9).
#include <pybind11/stl.h>

#include "bindings.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/suggest.h"

namespace tilesplit::python {

void BindProgram(py::module_& m) {
  py::class_<ir::Param>(m, "Param")
      .def_property_readonly("var", [](const ir::Param& p) { return Mut(p.var); })
      .def_property_readonly("name", [](const ir::Param& p) { return p.var->name; })
      .def_property_readonly("type", [](const ir::Param& p) { return Mut(p.var->type); })
      .def_readonly("direction", &ir::Param::direction)
      .def("__repr__", [](const ir::Param& p) { return "<Param " + p.var->name + ">"; });

  using FunctionHolder = std::shared_ptr<ir::Function>;
  py::class_<ir::Function, FunctionHolder>(m, "Function")
      .def_readonly("name", &ir::Function::name)
      .def_readonly("func_type", &ir::Function::func_type)
      .def_readonly("params", &ir::Function::params)
      .def_property_readonly("return_types",
                             [](const ir::Function& f) {
                               py::list out;
                               for (const ir::TypePtr& t : f.return_types)
                                 out.append(py::cast(Mut(t)));
                               return out;
                             })
      .def_property_readonly("attrs", [](const ir::Function& f) { return AttrsToDict(f.attrs); })
      .def_property_readonly("split_mode", &ir::Function::split_mode)
      .def_property_readonly("body", [](const ir::Function& f) { return Mut(f.body); })
      .def_property_readonly("statements",
                             [](const ir::Function& f) { return FlattenedStmts(f.body); })
      .def_readonly("span", &ir::Function::span)
      .def("as_python", [](const FunctionHolder& f) { return dsl::PrintFunction(f); })
      .def("__str__", [](const FunctionHolder& f) { return dsl::PrintFunction(f); })
      .def("__repr__", [](const ir::Function& f) { return "<Function " + f.name + ">"; })
      .def("same_as", [](const ir::Function& a, const ir::Function& b) { return &a == &b; });

  using ProgramHolder = std::shared_ptr<ir::Program>;
  py::class_<ir::Program, ProgramHolder>(m, "Program")
      .def_readonly("name", &ir::Program::name)
      .def_property_readonly("functions",
                             [](const ir::Program& p) {
                               py::list out;
                               for (const ir::FunctionPtr& f : p.functions)
                                 out.append(py::cast(Mut(f)));
                               return out;
                             })
      .def_readonly("span", &ir::Program::span)
      .def(
          "function",
          [](const ir::Program& p, std::string_view name) -> py::object {
            ir::FunctionPtr f = p.Find(name);
            if (!f) {
              std::vector<std::string> names;
              for (const ir::FunctionPtr& g : p.functions) names.push_back(g->name);
              const std::string hint = ir::DidYouMean(name, names);
              throw py::key_error("no function '" + std::string(name) + "' in the program" +
                                  (hint.empty() ? std::string() : "; " + hint));
            }
            return py::cast(Mut(f));
          },
          py::arg("name"), "The function called `name` (KeyError when there is none).")
      .def("as_python", [](const ProgramHolder& p) { return dsl::Print(p); })
      .def("__str__", [](const ProgramHolder& p) { return dsl::Print(p); })
      .def("__repr__",
           [](const ir::Program& p) {
             std::string names;
             for (const ir::FunctionPtr& f : p.functions)
               names += (names.empty() ? "" : ", ") + f->name;
             return "<Program" + (p.name.empty() ? std::string() : " " + p.name) + ": " + names +
                    ">";
           })
      .def("same_as", [](const ir::Program& a, const ir::Program& b) { return &a == &b; });
}

}  // namespace tilesplit::python
