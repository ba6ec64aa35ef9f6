// The pass registry, the named pipelines and the pass instrumentation. Python runs every pass
// through run_pass with the C++ instruments of its PassContext (tilesplit/passes.py); an
// instrument written in Python is wrapped in PythonInstrumentation, so there is one
// instrumentation mechanism, the C++ one (pass/instrumentation.h).
#include "tilesplit/transforms/passes.h"

#include <pybind11/stl.h>

#include <optional>
#include <set>
#include <sstream>

#include "bindings.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/instrumentation.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/properties.h"

#ifndef TILESPLIT_VERSION
#define TILESPLIT_VERSION "0.0.0"
#endif

namespace tilesplit::python {

namespace {

using ProgramHolder = std::shared_ptr<ir::Program>;

// The Pass object a hook receives is the caller's own Python object when there is one (pybind11
// finds the registered instance by address), so a subclass's methods stay available.
py::object PassObject(const pass::Pass& p) {
  return py::cast(&p, py::return_value_policy::reference);
}

// An instrument written in Python: its before_pass(pass_, program) and
// after_pass(pass_, before, after) methods are called around each pass.
class PythonInstrumentation : public pass::PassInstrumentation {
 public:
  explicit PythonInstrumentation(py::object target) : target_(std::move(target)) {}
  void BeforePass(const pass::Pass& p, const ir::ProgramPtr& input) override {
    target_.attr("before_pass")(PassObject(p), Mut(input));
  }
  void AfterPass(const pass::Pass& p, const ir::ProgramPtr& input,
                 const ir::ProgramPtr& output) override {
    target_.attr("after_pass")(PassObject(p), Mut(input), Mut(output));
  }

 private:
  py::object target_;
};

using InstrumentHolder = std::shared_ptr<pass::PassInstrumentation>;

// A pass's properties as Python sees them: their names (the enum's members are named alike).
std::vector<std::string> Names(const std::vector<pass::Property>& properties) {
  std::vector<std::string> out;
  for (pass::Property p : properties) out.emplace_back(pass::PropertyName(p));
  return out;
}

// The verifier of the property named `name`; null for a property without one and for a name that
// is no property.
const pass::PropertyVerifier* VerifierNamed(std::string_view name) {
  const std::optional<pass::Property> p = pass::PropertyByName(name);
  return p ? pass::PassRegistry::Global().FindVerifier(*p) : nullptr;
}

}  // namespace

void PythonWarnings::Emit(const pass::Warning& w) {
  std::string text = ir::RenderUserError(ir::UserError(w.span, w.message, w.notes));
  if (const size_t at = text.find("error: "); at != std::string::npos)
    text.replace(at, 7, "warning: ");
  if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 1) != 0) throw py::error_already_set();
}

void BindPasses(py::module_& m) {
  m.attr("__version__") = TILESPLIT_VERSION;

  py::class_<pass::Pass>(m, "Pass")
      .def(py::init<const pass::Pass&>(), py::arg("other"),
           "A copy of a registered pass (lets Python subclasses wrap one).")
      .def_property_readonly("name", &pass::Pass::name)
      .def_property_readonly("required", [](const pass::Pass& p) { return Names(p.required()); })
      .def_property_readonly("produced", [](const pass::Pass& p) { return Names(p.produced()); })
      .def_property_readonly("invalidated",
                             [](const pass::Pass& p) { return Names(p.invalidated()); })
      .def(
          "__call__",
          [](const pass::Pass& p, const ProgramHolder& program) {
            CheckProgramArg(program, "a pass");
            PythonWarnings warnings;
            return Mut(pass::RunPass(p, program));
          },
          py::arg("program"))
      .def("__repr__", [](const pass::Pass& p) { return "<Pass " + p.name() + ">"; });

  // The pass with a remark sink installed (tilesplit.passes.PassContext(remarks=...)): each
  // remark is handed to `on_remark` as it is emitted, so the remarks before a rejection arrive
  // too, as (kind, filename, line, col, pass, function, message, args).
  m.def(
      "run_pass_with_remarks",
      [](const pass::Pass& p, const ProgramHolder& program,
         const std::vector<InstrumentHolder>& instruments, const py::function& on_remark) {
        CheckProgramArg(program, "a pass");
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
        PythonWarnings warnings;
        return Mut(pass::RunPass(p, program, instruments));
      },
      py::arg("pass_"), py::arg("program"), py::arg("instruments"), py::arg("on_remark"));
  py::class_<pass::PassInstrumentation, InstrumentHolder>(m, "PassInstrumentation")
      .def(
          "before_pass",
          [](pass::PassInstrumentation& i, const pass::Pass& p, const ProgramHolder& program) {
            if (!program)
              throw py::type_error("before_pass(): argument 'program' must be a Program, got None");
            i.BeforePass(p, program);
          },
          py::arg("pass_"), py::arg("program"))
      .def(
          "after_pass",
          [](pass::PassInstrumentation& i, const pass::Pass& p, const ProgramHolder& before,
             const ProgramHolder& after) {
            if (!before || !after)
              throw py::type_error(
                  "after_pass(): arguments 'before' and 'after' must be Programs, got None");
            i.AfterPass(p, before, after);
          },
          py::arg("pass_"), py::arg("before"), py::arg("after"));
  py::class_<PythonInstrumentation, pass::PassInstrumentation,
             std::shared_ptr<PythonInstrumentation>>(m, "PythonInstrumentation")
      .def(py::init<py::object>(), py::arg("instrument"));
  py::class_<pass::VerifyPropertiesInstrumentation, pass::PassInstrumentation,
             std::shared_ptr<pass::VerifyPropertiesInstrumentation>>(
      m, "VerifyPropertiesInstrumentation")
      .def(py::init<bool, bool>(), py::arg("before") = true, py::arg("after") = true)
      .def_readonly("verified", &pass::VerifyPropertiesInstrumentation::verified)
      .def_readonly("unverified", &pass::VerifyPropertiesInstrumentation::unverified);
  py::class_<pass::RoundTripInstrumentation, pass::PassInstrumentation,
             std::shared_ptr<pass::RoundTripInstrumentation>>(m, "RoundTripInstrumentation")
      .def(py::init<>());
  py::class_<pass::TimePassesInstrumentation, pass::PassInstrumentation,
             std::shared_ptr<pass::TimePassesInstrumentation>>(m, "TimePassesInstrumentation")
      .def(py::init<>())
      .def_property_readonly("rows",
                             [](const pass::TimePassesInstrumentation& t) {
                               py::list rows;
                               for (const auto& r : t.rows())
                                 rows.append(py::make_tuple(r.pass, r.runs, r.seconds));
                               return rows;
                             })
      .def("report", [](const pass::TimePassesInstrumentation& t) {
        std::ostringstream os;
        t.Report(os);
        return os.str();
      });

  m.def(
      "run_pass",
      [](const pass::Pass& p, const ProgramHolder& program,
         const std::vector<InstrumentHolder>& instruments) {
        CheckProgramArg(program, "a pass");
        return Mut(pass::RunPass(p, program, instruments));
      },
      py::arg("pass_"), py::arg("program"), py::arg("instruments"));
  m.def(
      "verify_round_trip",
      [](const std::string& pass_name, const std::string& text) {
        pass::VerifyRoundTrip(pass_name, text, nullptr);
      },
      py::arg("pass_name"), py::arg("text"),
      "Raises InternalError when a pass's printed output does not parse back.");

  // The property enum (pass/properties.def), members in declaration order: Python's property
  // enumerations (pypto.passes.IRProperty) take their members from it.
  {
    py::enum_<pass::Property> property(m, "Property");
    for (const pass::PropertyInfo& p : pass::KnownProperties())
      property.value(std::string(p.name).c_str(), p.property);
  }
  // The property catalogue (properties.def), in its order: (name, meaning, why unverified).
  m.def("known_properties", [] {
    std::vector<std::tuple<std::string, std::string, std::string>> out;
    for (const pass::PropertyInfo& p : pass::KnownProperties())
      out.emplace_back(p.name, p.meaning, p.unverified_because);
    return out;
  });
  m.def("registered_passes", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const pass::PassInfo* info : pass::PassRegistry::Global().All())
      out.emplace_back(info->name, info->description);
    return out;
  });
  m.def("registered_pipelines", [] {
    std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> out;
    for (const pass::PipelineInfo* info : pass::PassRegistry::Global().Pipelines())
      out.emplace_back(info->name, info->description, info->passes);
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
  // The split pass with its options (pass::SplitOptions): tilesplit splits beyond the spec's
  // refusals by default, the pypto package keeps the spec's refusals.
  m.def(
      "lower_auto_vector_split",
      [](bool split_extensions) {
        return pass::LowerAutoVectorSplit(pass::SplitOptions{.extensions = split_extensions});
      },
      py::arg("split_extensions") = true);
  m.def(
      "has_verifier", [](std::string_view property) { return VerifierNamed(property) != nullptr; },
      py::arg("property"));
  m.def(
      "verify_property",
      [](std::string_view property, const ProgramHolder& program) {
        if (!program)
          throw py::type_error("verify_property(): argument 'program' must be a Program, got None");
        const pass::PropertyVerifier* verify = VerifierNamed(property);
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
         bool verify_roundtrip, const std::vector<InstrumentHolder>& instruments) {
        CheckProgramArg(program, "run_pipeline()");
        pass::PipelineOptions options;
        options.verify_required = verify_required;
        options.verify_roundtrip = verify_roundtrip;
        options.instruments = instruments;
        PythonWarnings warnings;
        return Mut(pass::RunPipeline(program, passes, options));
      },
      py::arg("program"), py::arg("passes"), py::arg("verify_required") = true,
      py::arg("verify_roundtrip") = false,
      py::arg("instruments") = std::vector<InstrumentHolder>{});
}

namespace {

// The yield that ends a body (its last statement, flattened), or null.
const ir::YieldStmt* LastYield(const ir::StmtPtr& body) {
  if (!body) return nullptr;
  const std::vector<ir::StmtPtr> stmts = ir::FlattenStmts(body);
  return stmts.empty() ? nullptr : stmts.back()->As<ir::YieldStmt>();
}

std::string Plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// What the parser guarantees of every function and a hand-built one may lack: each variable
// defined once (a parameter, an assignment, a loop variable, an iter arg, a return variable),
// loops returning one variable per iter arg and yielding one value per iter arg, branches with
// return variables yielding one value per return variable on both sides.
void CheckStructure(const ir::Function& f) {
  std::set<const ir::Var*> defined;
  auto define = [&](const ir::VarPtr& v, const ir::Span& at) {
    if (!defined.insert(v.get()).second)
      ir::ThrowUser(at.valid() ? at : f.span,
                    "'" + f.name + "': the variable '" + v->name +
                        "' is defined twice; every variable of hand-built IR is defined once",
                    {{{}, "make a new ir.Var for the second definition"}});
  };
  for (const ir::Param& p : f.params) define(p.var, p.var->span);
  if (!f.body) return;
  ir::ForEachStmt(f.body, ir::kWalkAll, [&](const ir::StmtPtr& s) {
    auto loop = [&](const char* kind, const std::vector<ir::IterArg>& iter_args,
                    const ir::StmtPtr& body, const std::vector<ir::VarPtr>& return_vars) {
      for (const ir::IterArg& a : iter_args) define(a.var, s->span);
      for (const ir::VarPtr& v : return_vars) define(v, s->span);
      if (return_vars.size() != iter_args.size())
        ir::ThrowUser(s->span,
                      std::string(kind) + " in '" + f.name + "' has " +
                          Plural(iter_args.size(), "iter arg") + " but " +
                          Plural(return_vars.size(), "return variable"),
                      {{{}, "give the loop one return variable per iter arg"}});
      const ir::YieldStmt* y = LastYield(body);
      const size_t yielded = y ? y->values.size() : 0;
      if (yielded != iter_args.size())
        ir::ThrowUser(y ? y->span : s->span,
                      std::string(kind) + " in '" + f.name + "' yields " +
                          Plural(yielded, "value") + " for " + Plural(iter_args.size(), "iter arg"),
                      {{{}, "end the loop body with a YieldStmt of one value per iter arg"}});
    };
    if (const auto* a = s->As<ir::AssignStmt>()) {
      define(a->var, s->span);
    } else if (const auto* fs = s->As<ir::ForStmt>()) {
      define(fs->loop_var, s->span);
      loop("the for loop", fs->iter_args, fs->body, fs->return_vars);
    } else if (const auto* ws = s->As<ir::WhileStmt>()) {
      loop("the while loop", ws->iter_args, ws->body, ws->return_vars);
    } else if (const auto* is = s->As<ir::IfStmt>()) {
      for (const ir::VarPtr& v : is->return_vars) define(v, s->span);
      for (const ir::StmtPtr& branch : {is->then_body, is->else_body}) {
        if (!branch && is->return_vars.empty()) continue;
        const ir::YieldStmt* y = LastYield(branch);
        const size_t yielded = y ? y->values.size() : 0;
        if (yielded != is->return_vars.size())
          ir::ThrowUser(
              y ? y->span : s->span,
              "the if in '" + f.name + "' has " +
                  Plural(is->return_vars.size(), "return variable") + " but " +
                  (branch ? std::string(branch == is->then_body ? "its then" : "its else") +
                                " branch yields " + Plural(yielded, "value")
                          : std::string("no else branch")),
              {{{},
                "end both branches with a YieldStmt of one value per return "
                "variable"}});
      }
    }
  });
}

}  // namespace

void CheckProgramArg(const std::shared_ptr<ir::Program>& program, const char* what) {
  if (!program)
    throw py::type_error(std::string(what) + ": argument 'program' must be a Program, got None");
  for (const ir::FunctionPtr& f : program->functions) CheckStructure(*f);
  if (const pass::PropertyVerifier* calls =
          pass::PassRegistry::Global().FindVerifier(pass::Property::CallsValid))
    (*calls)(program);
}

}  // namespace tilesplit::python
