// `tilesplit run FILE [--func NAME] [--pipeline NAME] [--platform P] [--seed N] [--inputs DIR]
// [--outputs DIR] [--scalar K=V]`: runs a kernel or a whole program on the simulator and writes its
// Out/InOut tensors as .npy files.
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "pass_cli.h"
#include "sim_cli.h"
#include "tilesplit/analysis/param_writes.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/ops/hardware_only.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/sim/npy.h"
#include "tilesplit/sim/program_run.h"
#include "tilesplit/target/compile.h"

namespace tilesplit::cli {

namespace {

int Run(const ParsedArgs& a) {
  if (a.positional.size() != 1)
    throw UsageError("run", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  sim::InputOptions o = SimInputOptions("run", a);
  dsl::ParseOptions options;
  options.defines = Defines("run", a);
  ir::ProgramPtr p = dsl::ParseFile(a.positional[0], options);
  // Refused before the pipeline runs, located at the author's call.
  ops::RequireSimulatable(*p);
  // A whole program (a 'main', or one Orchestration function) runs from its entry, as
  // pypto.runtime.run does; --pipeline lowers it first (default-pipeline: its split program).
  std::string name = a.Value("func");
  bool whole = false;
  if (name.empty()) {
    for (const ir::FunctionPtr& f : p->functions)
      whole = whole || f->name == "main" || f->func_type == ir::FunctionType::Orchestration;
    if (whole) name = target::EntryFunction(*p).name;
  }
  name = PickKernel("run", *p, name, /*incore_only=*/false);
  if (std::string platform = a.Value("platform"); !platform.empty())
    target::CheckPlatform(platform, p->Find(name)->span);
  if (std::string pipeline = a.Value("pipeline"); !pipeline.empty()) {
    if (!pass::PassRegistry::Global().FindPipeline(pipeline) &&
        !pass::PassRegistry::Global().Find(pipeline))
      throw UsageError(
          "run", "unknown pipeline or pass '" + pipeline + "' (opt --list-passes lists them)");
    std::vector<pass::Pass> passes = pass::BuildPasses({pipeline});
    pass::PassContext ctx;
    ApplyPassOptions("run", a, ctx);
    pass::PipelineOptions po;
    po.context = &ctx;
    ShowingWarningSink warnings;
    po.warnings = &warnings;
    const ir::ProgramPtr source = p;
    p = pass::RunPipeline(p, passes, po);
    analysis::RequireWritesKept(*source, *p, name);
    if (!p->Find(name))
      ir::ThrowUser(p->span, "the pipeline '" + pipeline + "' left no function '" + name + "'",
                    {{{}, "choose the entry with --func"}});
  }
  auto inputs = sim::MakeInputs(*p->Find(name), o);
  const sim::GroupOutcome out = sim::RunKernel(*p, name, inputs, o.limits);
  if (out.kind != sim::GroupOutcome::Kind::Ok) {
    std::cout << out.Describe();
    return kExitDiffer;
  }
  // A whole program's result it never produced is an error, as in pypto.runtime.run.
  if (whole) sim::RequireOutputsWritten(*p->Find(name), inputs);
  // What the entry returns is its result too (a tensor-level main returning a computed tensor).
  sim::BindReturned(*p->Find(name), out, inputs, /*mark_written=*/true);
  const std::string dir = a.Value("outputs");
  std::map<std::string, sim::TensorPtr> written;
  // The report is printed once the files are written, so a failed write reports no file.
  std::ostringstream report;
  for (const std::string& o_name : sim::OutputNames(*p->Find(name), {&inputs})) {
    const sim::TensorPtr& tp = *inputs.at(o_name).tensor();
    const sim::TensorValue& t = *tp;
    written[o_name] = tp;
    size_t stored = 0, undefined = 0;
    for (size_t i = 0; i < t.data.size(); ++i) {
      stored += t.writer[i] != sim::Writer::None;
      undefined += t.writer[i] != sim::Writer::None && t.data.IsPoison(i);
    }
    report << o_name << ": " << ir::DataTypeName(t.dtype) << "[";
    for (size_t d = 0; d < t.shape.size(); ++d) report << (d ? ", " : "") << t.shape[d];
    report << "], " << stored << " elements written";
    if (undefined) report << ", " << undefined << " of them undefined (poison)";
    if (!dir.empty()) report << " -> " << (std::filesystem::path(dir) / (o_name + ".npy")).string();
    report << "\n";
  }
  if (!dir.empty()) WriteTensors(dir, written);
  std::cout << report.str();
  if (a.Flag("stats")) {
    const sim::TransferCounts& t = out.transfers;
    std::cout << "transfers: cube -> vector " << t.c2v_pushes << " push"
              << (t.c2v_pushes == 1 ? "" : "es") << ", " << t.c2v_bytes << " bytes; vector -> cube "
              << t.v2c_pushes << " push" << (t.v2c_pushes == 1 ? "" : "es") << ", " << t.v2c_bytes
              << " bytes\n";
  }
  return kExitOk;
}

}  // namespace

const CommandSpec* RunKernelCommand() {
  static const CommandSpec spec{
      "tilesplit run FILE [--func NAME] [--pipeline NAME] [--platform P] [--seed N]\n"
      "              [--inputs DIR] [--outputs DIR] [--scalar NAME=VALUE]... [--max-steps N]\n"
      "              [--max-memory BYTES] [--stats]",
      "Runs a kernel or a whole program on the simulator: an InCore, Opaque or\n"
      "Orchestration function on the sequential reference interpreter (its calls of\n"
      "split kernels on the core group), a split kernel (Group, AIC or AIV function) on\n"
      "the core-group executor.\n"
      "Inputs are seeded random values, or read from --inputs DIR. A whole program (its\n"
      "entry) whose run stores no element of an Out parameter is refused at the\n"
      "parameter, as pypto.runtime.run refuses it.\n",
      [] {
        std::vector<OptionSpec> o = {
            {"func", 0, true, "NAME",
             "the function to run (default: the program's entry -- 'main'\nor its one "
             "Orchestration function -- else the only kernel)"},
            {"pipeline", 0, true, "NAME",
             "lower FILE with the registered pipeline (or pass) NAME\nfirst; "
             "default-pipeline runs the split program, as\npypto.runtime.run does",
             Completion::Pass},
            {"platform", 0, true, "NAME",
             "the platform PyPTO would run on: a2a3sim or a5sim (this\nsimulator); a hardware "
             "platform (a2a3, a5) is refused",
             Completion::Choices, "a2a3sim a5sim"},
            {"outputs", 0, true, "DIR",
             "write every Out/InOut tensor to DIR/NAME.npy (DIR is\ncreated; failing to write "
             "is an error)",
             Completion::Dir},
            {"stats",
             0,
             false,
             {},
             "also print what the run pushed between the cores: cube ->\nvector pushes and "
             "bytes, vector -> cube (one push per lane)"},
            SplitExtensionsOption()};
        for (OptionSpec& s : SimOptions()) o.push_back(std::move(s));
        return o;
      }(),
      "exit codes: 0 ran, 1 error in the input or a budget exceeded, 4 the split program\n"
      "            deadlocked or faulted\n",
      Completion::File,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
