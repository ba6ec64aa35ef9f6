// The simulator (core-group.md 4), when the library has one. Arrays cross the boundary as .npy
// bytes: numpy writes and reads them natively and the simulator already speaks the format, so
// neither side needs to know the other's memory layout.
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <tuple>

#include "bindings.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"

#if __has_include("tilesplit/sim/check.h") && __has_include("tilesplit/sim/npy.h")
#define TILESPLIT_PYTHON_HAS_SIM 1
#include "tilesplit/sim/check.h"
#include "tilesplit/sim/npy.h"
#include "tilesplit/sim/program_run.h"
#include "tilesplit/target/compile.h"
#include "tilesplit/target/split_program.h"
#endif

namespace tilesplit::python {

#ifdef TILESPLIT_PYTHON_HAS_SIM

namespace {

using ProgramHolder = std::shared_ptr<ir::Program>;

const ir::Function& FindFunction(const ir::Program& p, const std::string& name) {
  ir::FunctionPtr f = p.Find(name);
  if (!f) ir::ThrowUser(p.span, "the program has no function '" + name + "'");
  return *f;
}

sim::InputOptions Options(uint64_t seed, const std::map<std::string, int64_t>& scalars) {
  sim::InputOptions o;
  o.seed = seed;
  o.scalars = scalars;
  return o;
}

const char* KindName(sim::GroupOutcome::Kind k) {
  switch (k) {
    case sim::GroupOutcome::Kind::Ok:
      return "ok";
    case sim::GroupOutcome::Kind::Deadlock:
      return "deadlock";
    case sim::GroupOutcome::Kind::Fault:
      return "fault";
  }
  return "fault";
}

const char* KindName(sim::CheckResult::Kind k) {
  switch (k) {
    case sim::CheckResult::Kind::Equal:
      return "equal";
    case sim::CheckResult::Kind::Differ:
      return "differ";
    case sim::CheckResult::Kind::Deadlock:
      return "deadlock";
    case sim::CheckResult::Kind::Fault:
      return "fault";
    case sim::CheckResult::Kind::NothingCompared:
      return "nothing_compared";
  }
  return "fault";
}

// Runs `name`; tensor and tile parameters named in `arrays` take those .npy contents instead of
// seeded values (as from `--inputs DIR`). Returns (outcome kind, report, {output name: .npy
// bytes}). A fault is raised as the located UserError it carries.
std::tuple<std::string, std::string, std::map<std::string, py::bytes>> Run(
    const ProgramHolder& program, const std::string& name,
    const std::map<std::string, std::string>& arrays, uint64_t seed,
    const std::map<std::string, int64_t>& scalars) {
  CheckProgramArg(program, "sim.run()");
  const ir::Function& f = FindFunction(*program, name);
  sim::InputOptions o = Options(seed, scalars);
  o.arrays = arrays;
  std::map<std::string, sim::Value> args = sim::MakeInputs(f, o);
  const sim::GroupOutcome out = sim::RunKernel(*program, name, args);
  if (out.kind == sim::GroupOutcome::Kind::Fault && out.fault) throw *out.fault;
  std::map<std::string, py::bytes> outputs;
  if (out.kind == sim::GroupOutcome::Kind::Ok) {
    for (const std::string& o : sim::OutputNames(f))
      outputs.emplace(o, py::bytes(sim::EncodeNpy(**args.at(o).tensor())));
  }
  return {KindName(out.kind), out.kind == sim::GroupOutcome::Kind::Ok ? "" : out.Describe(),
          outputs};
}

// A whole-program run (program_run.h). `args` holds, per parameter in order, either an int (an
// integer scalar) or a tuple (npy bytes, shape, dtype name or ""). Returns (entry, lowered
// program, {parameter index: .npy bytes of the Out/InOut tensor}, check kind, check report).
py::tuple RunWholeProgram(const ProgramHolder& program, const py::list& args,
                          const std::string& platform, bool lower, bool check) {
  CheckProgramArg(program, "runtime.run()");
  std::vector<sim::CallArgument> call;
  for (const py::handle& h : args) {
    sim::CallArgument a;
    if (py::isinstance<py::int_>(h)) {
      a.is_array = false;
      a.value = h.cast<int64_t>();
    } else {
      auto t = h.cast<std::tuple<py::bytes, std::vector<int64_t>, std::string>>();
      a.npy = std::string(std::get<0>(t));
      a.shape = std::get<1>(t);
      if (!std::get<2>(t).empty()) a.dtype = ir::DataTypeFromName(std::get<2>(t));
    }
    call.push_back(std::move(a));
  }
  sim::ProgramRunOptions o;
  o.platform = platform;
  o.lower = lower;
  o.check = check;
  PythonWarnings warnings;
  sim::ProgramRunResult r = sim::RunProgram(program, call, o);
  py::dict outputs;
  for (const auto& [index, tensor] : r.outputs)
    outputs[py::int_(index)] = py::bytes(sim::EncodeNpy(*tensor));
  std::string kind, report;
  if (r.check) {
    kind = KindName(r.check->kind);
    report = r.check->report;
    if (r.check->finding) report += ir::RenderUserError(*r.check->finding);
  }
  return py::make_tuple(r.entry, std::const_pointer_cast<ir::Program>(r.lowered), outputs, kind,
                        report);
}

}  // namespace

void BindSim(py::module_& m) {
  m.attr("HAS_SIM") = true;
  m.def("run_program", &RunWholeProgram, py::arg("program"), py::arg("args"), py::arg("platform"),
        py::arg("lower") = true, py::arg("check") = false);
  m.def(
      "check_platform",
      [](const std::string& platform, const ProgramHolder& program) {
        target::CheckPlatform(platform,
                              program ? target::EntryFunction(*program).span : ir::Span{});
      },
      py::arg("platform"), py::arg("program") = nullptr);
  m.def("simulator_platforms", [] { return target::SimulatorPlatforms(); });
  m.def("sim_run", &Run, py::arg("program"), py::arg("function"), py::arg("arrays"),
        py::arg("seed") = 0, py::arg("scalars") = std::map<std::string, int64_t>{});
  m.def(
      "sim_check",
      [](const ProgramHolder& ref, const std::string& name, const ProgramHolder& split,
         uint64_t seed, const std::map<std::string, int64_t>& scalars,
         const std::map<std::string, std::string>& arrays) {
        CheckProgramArg(ref, "sim.check()");
        CheckProgramArg(split, "sim.check(): the split");
        FindFunction(*ref, name);
        sim::InputOptions o = Options(seed, scalars);
        o.arrays = arrays;
        sim::CheckResult r = sim::CheckKernel(*ref, name, *split, o);
        // The finding (a fault's location, a deadlock's cores) after the report, rendered.
        std::string report = r.report;
        if (r.finding) report += ir::RenderUserError(*r.finding);
        return std::make_tuple(std::string(KindName(r.kind)), report, r.compared);
      },
      py::arg("ref"), py::arg("function"), py::arg("split"), py::arg("seed") = 0,
      py::arg("scalars") = std::map<std::string, int64_t>{},
      py::arg("arrays") = std::map<std::string, std::string>{});
  m.def(
      "kernels_to_check",
      [](const ProgramHolder& p) {
        if (!p)
          throw py::type_error(
              "kernels_to_check(): argument 'program' must be a Program, got None");
        return sim::KernelsToCheck(*p);
      },
      py::arg("program"));
  m.def(
      "default_kernels",
      [](const ProgramHolder& p) {
        if (!p)
          throw py::type_error("default_kernels(): argument 'program' must be a Program, got None");
        return target::DefaultKernels(*p);
      },
      py::arg("program"),
      "The kernels a run may start at when none is named: a split program's first Group, else "
      "every function (target::DefaultKernels).");
  m.attr("SPLIT_PIPELINE") = py::tuple(py::cast(sim::SplitPipeline()));
}

#else

void BindSim(py::module_& m) {
  m.attr("HAS_SIM") = false;
}

#endif

}  // namespace tilesplit::python
