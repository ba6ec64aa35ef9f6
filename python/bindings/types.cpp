// Read-only views of spans and types: enough to assert on shape, dtype, memory space and the
// valid shape of any value from Python.
#include <pybind11/stl.h>

#include "bindings.h"
#include "tilesplit/ir/span.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/type.h"

namespace tilesplit::python {

py::dict AttrsToDict(const ir::AttrMap& attrs) {
  py::dict d;
  for (const auto& [key, value] : attrs) d[py::str(key)] = py::cast(value);
  return d;
}

py::list DimsToList(const std::vector<ir::ExprPtr>& dims) {
  py::list out;
  for (const ir::ExprPtr& d : dims) {
    if (auto c = ir::AsConstInt(d))
      out.append(py::int_(*c));
    else
      out.append(py::cast(Mut(d)));
  }
  return out;
}

py::list ExprsToList(const std::vector<ir::ExprPtr>& exprs) {
  py::list out;
  for (const ir::ExprPtr& e : exprs) out.append(py::cast(Mut(e)));
  return out;
}

namespace {

py::object OptionalExpr(const ir::ExprPtr& e) {
  return e ? py::cast(Mut(e)) : py::none();
}

void BindSpan(py::module_& m) {
  py::class_<ir::Span>(m, "Span")
      .def_readonly("file_id", &ir::Span::file)
      .def_readonly("line", &ir::Span::line)
      .def_readonly("col", &ir::Span::col)
      .def_property_readonly("valid", &ir::Span::valid)
      .def_property_readonly("filename",
                             [](const ir::Span& s) {
                               return s.file == 0 ? std::string() : ir::SourceManager::Name(s.file);
                             })
      .def("__repr__", [](const ir::Span& s) {
        if (!s.valid()) return std::string("<Span: none>");
        return "<Span " + ir::SourceManager::Name(s.file) + ":" + std::to_string(s.line) + ":" +
               std::to_string(s.col) + ">";
      });
}

void BindViews(py::module_& m) {
  py::class_<ir::TensorView>(m, "TensorView")
      .def_property_readonly("valid_shape",
                             [](const ir::TensorView& v) { return DimsToList(v.valid_shape); })
      .def_property_readonly("stride", [](const ir::TensorView& v) { return DimsToList(v.stride); })
      .def_readonly("layout", &ir::TensorView::layout)
      .def_readonly("pad", &ir::TensorView::pad);
  py::class_<ir::TileView>(m, "TileView")
      .def_property_readonly("valid_shape",
                             [](const ir::TileView& v) { return DimsToList(v.valid_shape); })
      .def_property_readonly("stride", [](const ir::TileView& v) { return DimsToList(v.stride); })
      .def_property_readonly("start_offset",
                             [](const ir::TileView& v) { return OptionalExpr(v.start_offset); })
      .def_readonly("blayout", &ir::TileView::blayout)
      .def_readonly("slayout", &ir::TileView::slayout)
      .def_readonly("fractal", &ir::TileView::fractal)
      .def_readonly("pad", &ir::TileView::pad)
      .def_readonly("compact", &ir::TileView::compact);
}

}  // namespace

void BindTypes(py::module_& m) {
  BindSpan(m);
  BindViews(m);

  py::class_<ir::Type, std::shared_ptr<ir::Type>>(m, "Type")
      .def_readonly("kind", &ir::Type::kind)
      .def("__str__", [](const std::shared_ptr<ir::Type>& t) { return ir::TypeToString(t); })
      .def("__repr__",
           [](const std::shared_ptr<ir::Type>& t) { return "<Type " + ir::TypeToString(t) + ">"; });

  py::class_<ir::ScalarType, ir::Type, std::shared_ptr<ir::ScalarType>>(m, "ScalarType")
      .def_readonly("dtype", &ir::ScalarType::dtype);

  py::class_<ir::TensorType, ir::Type, std::shared_ptr<ir::TensorType>>(m, "TensorType")
      .def_property_readonly("shape", [](const ir::TensorType& t) { return DimsToList(t.shape); })
      .def_readonly("dtype", &ir::TensorType::dtype)
      .def_readonly("distributed", &ir::TensorType::distributed)
      .def_property_readonly("valid_shape",
                             [](const ir::TensorType& t) { return DimsToList(t.valid()); })
      .def_property_readonly("view", [](const ir::TensorType& t) -> py::object {
        return t.view ? py::cast(*t.view) : py::none();
      });

  py::class_<ir::TileType, ir::Type, std::shared_ptr<ir::TileType>>(m, "TileType")
      .def_property_readonly("shape", [](const ir::TileType& t) { return DimsToList(t.shape); })
      .def_readonly("dtype", &ir::TileType::dtype)
      .def_property_readonly("memory",
                             [](const ir::TileType& t) -> py::object {
                               return t.memory ? py::cast(*t.memory) : py::none();
                             })
      .def_property_readonly("valid_shape",
                             [](const ir::TileType& t) { return DimsToList(t.valid()); })
      .def_property_readonly("view",
                             [](const ir::TileType& t) -> py::object {
                               return t.view ? py::cast(*t.view) : py::none();
                             })
      .def_property_readonly("effective_view", &ir::TileType::EffectiveView);

  py::class_<ir::TupleType, ir::Type, std::shared_ptr<ir::TupleType>>(m, "TupleType")
      .def_property_readonly("elements", [](const ir::TupleType& t) {
        py::list out;
        for (const ir::TypePtr& e : t.elements) out.append(py::cast(Mut(e)));
        return out;
      });
}

}  // namespace tilesplit::python
