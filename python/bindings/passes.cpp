// The pass registry and pipeline. Python generates one factory per registered pass from
// registered_passes(); instruments (tilesplit/passes.py) are plain Python around Pass.__call__.
#include <pybind11/stl.h>

#include "bindings.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/transforms/pass.h"

namespace tilesplit::python {

void BindPasses(py::module_& m) {
  using ProgramHolder = std::shared_ptr<ir::Program>;

  py::class_<pass::Pass>(m, "Pass")
      .def_property_readonly("name", &pass::Pass::name)
      .def_property_readonly("required", &pass::Pass::required)
      .def_property_readonly("produced", &pass::Pass::produced)
      .def_property_readonly("invalidated", &pass::Pass::invalidated)
      .def(
          "__call__",
          [](const pass::Pass& p, const ProgramHolder& program) {
            if (!program) throw py::type_error("a pass takes a Program, not None");
            ir::ProgramPtr out = p(program);
            if (!out) ir::ThrowInternal(ir::Span{}, "pass '" + p.name() + "' returned no program");
            return Mut(out);
          },
          py::arg("program"))
      .def("__repr__", [](const pass::Pass& p) { return "<Pass " + p.name() + ">"; });

  // The pass with a remark sink installed (tilesplit.passes.PassContext(remarks=...)): each
  // remark is handed to `on_remark` as it is emitted, so the remarks before a rejection arrive
  // too, as (kind, filename, line, col, pass, function, message, args).
  m.def(
      "run_pass_with_remarks",
      [](const pass::Pass& p, const ProgramHolder& program, const py::function& on_remark) {
        if (!program) throw py::type_error("a pass takes a Program, not None");
        struct Forward : pass::RemarkSink {
          const py::function* f;
          void Emit(const pass::Remark& r) override {
            py::dict args;
            for (const auto& [k, v] : r.args) args[py::str(k)] = v;
            (*f)(py::make_tuple(
                pass::RemarkKindName(r.kind),
                r.span.valid() ? ir::SourceManager::Name(r.span.file) : std::string(), r.span.line,
                r.span.col, r.pass, r.function, r.message, args));
          }
        } sink;
        sink.f = &on_remark;
        pass::RemarkScope scope(&sink, p.name());
        ir::ProgramPtr out = p(program);
        if (!out) ir::ThrowInternal(ir::Span{}, "pass '" + p.name() + "' returned no program");
        return Mut(out);
      },
      py::arg("pass_"), py::arg("program"), py::arg("on_remark"));
  m.def("registered_passes", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const pass::PassInfo* info : pass::PassRegistry::Global().All())
      out.emplace_back(info->name, info->description);
    return out;
  });
  m.def(
      "create_pass",
      [](std::string_view name) {
        const pass::PassInfo* info = pass::PassRegistry::Global().Find(name);
        if (!info) throw py::key_error("no registered pass '" + std::string(name) + "'");
        return info->factory();
      },
      py::arg("name"));
  m.def(
      "has_verifier",
      [](std::string_view property) {
        return pass::PassRegistry::Global().FindVerifier(property) != nullptr;
      },
      py::arg("property"));
  m.def(
      "verify_property",
      [](std::string_view property, const ProgramHolder& program) {
        const pass::PropertyVerifier* verify = pass::PassRegistry::Global().FindVerifier(property);
        if (!verify) return false;
        (*verify)(program);
        return true;
      },
      py::arg("property"), py::arg("program"),
      "Runs the property's verifier (raises UserError on a violation); False when the property "
      "has no verifier.");
  m.def(
      "run_pipeline",
      [](const ProgramHolder& program, const std::vector<pass::Pass>& passes, bool verify_required,
         bool verify_roundtrip) {
        pass::PipelineOptions options;
        options.verify_required = verify_required;
        options.verify_roundtrip = verify_roundtrip;
        return Mut(pass::RunPipeline(program, passes, options));
      },
      py::arg("program"), py::arg("passes"), py::arg("verify_required") = true,
      py::arg("verify_roundtrip") = false);
}

}  // namespace tilesplit::python
