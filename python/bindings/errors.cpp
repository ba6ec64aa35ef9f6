// C++ diagnostics -> Python exceptions. The exception classes live in tilesplit/_errors.py; the
// translator hands it the raw parts (message, spans, notes) so Python can move a location from
// the text the parser saw back to the .py file it came from before rendering.
#include <pybind11/stl.h>

#include <new>
#include <string>
#include <tuple>
#include <vector>

#include "bindings.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/span.h"

namespace tilesplit::python {

namespace {

using SpanTuple = std::tuple<uint32_t, uint32_t, uint32_t>;
using NoteTuple = std::tuple<uint32_t, uint32_t, uint32_t, std::string>;

SpanTuple ToTuple(const ir::Span& s) {
  return {s.file, s.line, s.col};
}
ir::Span FromTuple(const SpanTuple& t) {
  return ir::Span{std::get<0>(t), std::get<1>(t), std::get<2>(t)};
}

std::vector<NoteTuple> NotesToTuples(const std::vector<ir::Note>& notes) {
  std::vector<NoteTuple> out;
  out.reserve(notes.size());
  for (const ir::Note& n : notes) out.emplace_back(n.span.file, n.span.line, n.span.col, n.message);
  return out;
}

// Builds the Python exception through tilesplit._errors.from_core and raises it. Should that
// itself fail (the package half-installed), a plain RuntimeError still carries the text.
// `category` names a user error's ir::UserErrorKind ("" for a general one).
void RaiseFromCore(const char* kind, const std::string& message, const std::string& rendered,
                   const ir::Span& span, const std::vector<ir::Note>& notes,
                   const char* category = "") {
  try {
    py::object errors = py::module_::import("tilesplit._errors");
    py::object exc = errors.attr("from_core")(kind, message, rendered, ToTuple(span),
                                              NotesToTuples(notes), category);
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
  } catch (py::error_already_set& e) {
    std::string text = rendered + "\n(while converting the error: " + e.what() + ")";
    PyErr_SetString(PyExc_RuntimeError, text.c_str());
  }
}

}  // namespace

void BindErrors(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    try {
      std::rethrow_exception(p);
    } catch (const ir::UserError& e) {
      const char* category = e.kind() == ir::UserErrorKind::UnsupportedConstruct
                                 ? "unsupported-construct"
                             : e.kind() == ir::UserErrorKind::SSAViolation ? "ssa-violation"
                                                                           : "";
      RaiseFromCore("user", e.message(), ir::RenderUserError(e), e.span(), e.notes(), category);
    } catch (const ir::InternalError& e) {
      RaiseFromCore("internal", e.message(), ir::RenderInternalError(e), e.span(), {});
    } catch (const py::builtin_exception&) {
      throw;  // pybind11's own (cast errors, index errors, ...): default translation
    } catch (const py::error_already_set&) {
      throw;
    } catch (const std::bad_alloc&) {
      throw;  // MemoryError
    } catch (const std::exception& e) {
      // Any other escape from the library is a bug in it, not in the kernel.
      ir::InternalError ie(ir::Span{}, e.what());
      RaiseFromCore("internal", e.what(), ir::RenderInternalError(ie), ir::Span{}, {});
    }
  });

  m.def(
      "register_source",
      [](std::string name, std::string text) {
        return ir::SourceManager::Register(std::move(name), std::move(text));
      },
      py::arg("name"), py::arg("text"),
      "Registers a source buffer for diagnostics; returns its file id.");
  m.def(
      "source_name", [](uint32_t file) { return ir::SourceManager::Name(file); }, py::arg("file"));
  m.def(
      "source_line",
      [](uint32_t file, uint32_t line) { return std::string(ir::SourceManager::Line(file, line)); },
      py::arg("file"), py::arg("line"));
  m.def(
      "render_user_error",
      [](const std::string& message, const SpanTuple& span, const std::vector<NoteTuple>& notes) {
        std::vector<ir::Note> ns;
        ns.reserve(notes.size());
        for (const auto& [file, line, col, msg] : notes)
          ns.push_back({ir::Span{file, line, col}, msg});
        return ir::RenderUserError(ir::UserError(FromTuple(span), message, std::move(ns)));
      },
      py::arg("message"), py::arg("span"), py::arg("notes") = std::vector<NoteTuple>{});
  m.def(
      "render_internal_error",
      [](const std::string& message, const SpanTuple& span) {
        return ir::RenderInternalError(ir::InternalError(FromTuple(span), message));
      },
      py::arg("message"), py::arg("span"));
  // For the tests of the translation itself.
  m.def(
      "_raise_user_error",
      [](const std::string& message, const SpanTuple& span) {
        throw ir::UserError(FromTuple(span), message);
      },
      py::arg("message"), py::arg("span") = SpanTuple{0, 0, 0});
  m.def(
      "_raise_internal_error",
      [](const std::string& message) { throw ir::InternalError(ir::Span{}, message); },
      py::arg("message"));
}

}  // namespace tilesplit::python
