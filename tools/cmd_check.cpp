// `tilesplit check FILE`: lowers the kernel through the registered check pipeline
// (outline-incore-scopes, lower-auto-vector-split, expand-mixed-kernel, split-vector-kernel), runs
// the split program on the core-group executor and the input on the reference interpreter with the
// same inputs, and compares every output bit for bit, over any number of seeds and scalar values.
#include <filesystem>
#include <iostream>
#include <string_view>

#include "cli.h"
#include "diagnostics.h"
#include "pass_cli.h"
#include "sim_cli.h"
#include "tilesplit/analysis/param_writes.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/hardware_only.h"
#include "tilesplit/sim/program_run.h"
#include "tilesplit/target/compile.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::cli {

namespace {

// One input point: a seed and a value for each swept scalar.
struct Point {
  uint64_t seed = 0;
  std::map<std::string, int64_t> scalars;
  std::string Name() const {
    std::string n = "seed-" + std::to_string(seed);
    for (const auto& [k, v] : scalars) n += "_" + k + "-" + std::to_string(v);
    return n;
  }
};

std::vector<Point> Points(const ParsedArgs& a, uint64_t first_seed) {
  int seeds = 1;
  if (std::string s = a.Value("seeds"); !s.empty())
    seeds = static_cast<int>(IntegerIn("check", "seeds", s, 1, kMaxSweepPoints));
  std::vector<Point> points;
  for (int k = 0; k < seeds; ++k) points.push_back({first_seed + static_cast<uint64_t>(k), {}});
  for (const auto& [name, values] : ScalarSweep("check", a)) {
    // Counted before the points are made, so a huge product is refused, not built.
    if (static_cast<int64_t>(points.size()) * static_cast<int64_t>(values.size()) > kMaxSweepPoints)
      throw UsageError("check", "the seeds and --scalar ranges give more than " +
                                    std::to_string(kMaxSweepPoints) + " input points");
    std::vector<Point> next;
    for (const Point& p : points)
      for (int64_t v : values) {
        Point q = p;
        q.scalars[name] = v;
        next.push_back(std::move(q));
      }
    points = std::move(next);
  }
  return points;
}

// The split program: FILE (or SPLIT_FILE) through the pipeline. Every pass of the check pipeline
// leaves alone what an earlier stage already lowered (a split_aiv kernel, an expanded
// AIC/AIV/Group program), so a SPLIT_FILE at any stage gets the stages it still lacks.
ir::ProgramPtr Lower(const ParsedArgs& a, const ir::ProgramPtr& ref,
                     const std::vector<std::string>& kernels, std::vector<pass::Warning>& warned) {
  std::string pipeline = a.Value("pipeline");
  if (pipeline.empty()) pipeline = pass::kDefaultPipeline;
  if (!pass::PassRegistry::Global().FindPipeline(pipeline)) {
    std::string known;
    for (const pass::PipelineInfo* p : pass::PassRegistry::Global().Pipelines())
      known += (known.empty() ? "" : ", ") + p->name;
    throw UsageError("check", "unknown pipeline '" + pipeline + "' (known: " + known + ")");
  }
  std::vector<pass::Pass> passes = pass::BuildPasses({pipeline});
  pass::PassContext ctx;
  ApplyPassOptions("check", a, ctx);
  const PassInstruments instruments = MakeInstruments("check", a);
  ir::ProgramPtr input = ref;
  if (std::string against = a.Value("against"); !against.empty()) input = dsl::ParseFile(against);
  pass::PipelineOptions options;
  options.context = &ctx;
  instruments.Apply(options);
  ir::ProgramPtr split = pass::RunPipeline(input, passes, options);
  instruments.Finish();
  warned = instruments.warnings->warnings();
  // A result the program writes and its lowering does not is refused before anything runs.
  if (input == ref)
    for (const std::string& k : kernels) analysis::RequireWritesKept(*ref, *split, k);
  return split;
}

// Where the inputs of one check came from: the files read from --inputs DIR, the seed when any
// input was drawn from it, and every scalar's value.
std::string InputsLine(const ir::Function& f, const sim::InputOptions& o,
                       const std::vector<std::string>& scalars) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  bool seeded = false;
  for (const ir::Param& p : f.params) {
    const bool tensor = p.var->type->As<ir::TensorType>() != nullptr;
    const bool tile = p.var->type->As<ir::TileType>() != nullptr;
    const std::string& name = p.var->name;
    if (!tensor && !tile) {
      if (p.var->type->As<ir::ScalarType>() && !o.scalars.count(name)) seeded = true;
      continue;
    }
    const fs::path file = fs::path(o.inputs_dir) / (name + ".npy");
    std::error_code ec;
    if (!o.inputs_dir.empty() && fs::exists(file, ec))
      files.push_back(file.string());
    else if (tile || p.direction != ir::ParamDirection::Out)
      seeded = true;  // drawn; an Out tensor without a file starts undefined
  }
  std::string line;
  for (const std::string& f : files) line += (line.empty() ? "" : ", ") + f;
  if (seeded || files.empty())
    line += (line.empty() ? "" : ", ") + std::string("seed ") + std::to_string(o.seed);
  for (const std::string& s : scalars) line += ", " + s;
  return line;
}

int Run(const ParsedArgs& a) {
  if (a.positional.size() != 1)
    throw UsageError("check", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  const sim::InputOptions base = SimInputOptions("check", a, /*with_scalars=*/false);
  const std::vector<Point> points = Points(a, base.seed);
  int schedules = sim::kDefaultSchedules;
  if (std::string s = a.Value("schedules"); !s.empty())
    schedules = static_cast<int>(IntegerIn("check", "schedules", s, 1, 1000));
  int shown = sim::kDefaultShownDifferences;
  if (std::string s = a.Value("show-diffs"); !s.empty())
    shown = static_cast<int>(IntegerIn("check", "show-diffs", s, 0, 1000000));
  const std::string outputs = a.Value("outputs");

  dsl::ParseOptions options;
  options.defines = Defines("check", a);  // the reference's constants; a split file has none
  ir::ProgramPtr ref = dsl::ParseFile(a.positional[0], options);
  // Refused before the pipeline runs, located at the author's call.
  ops::RequireSimulatable(*ref);
  std::vector<std::string> kernels;
  if (std::string f = a.Value("func"); !f.empty()) {
    kernels.push_back(PickKernel("check", *ref, f, true));
  } else {
    kernels = sim::KernelsToCheck(*ref);
    // A whole program without a kernel still runs through the pipeline: its entry is checked
    // (as pypto.runtime.run(..., check=True) checks it), and reported not split.
    if (kernels.empty())
      for (const ir::FunctionPtr& f : ref->functions)
        if (f->func_type == ir::FunctionType::Opaque ||
            f->func_type == ir::FunctionType::Orchestration) {
          kernels.push_back(target::EntryFunction(*ref).name);
          break;
        }
    if (kernels.empty()) PickKernel("check", *ref, "", true);  // reports the error
  }
  if (!base.inputs_dir.empty() && kernels.size() > 1)
    throw UsageError("check", "--inputs holds the parameters of one kernel; choose it with --func");
  std::vector<pass::Warning> warned;
  ir::ProgramPtr split = Lower(a, ref, kernels, warned);

  int rc = kExitOk;
  for (const std::string& k : kernels) {
    int differing = 0;
    for (const Point& point : points) {
      sim::InputOptions o = base;
      o.seed = point.seed;
      o.scalars = point.scalars;
      sim::CheckResult r = sim::CheckKernel(*ref, k, *split, o, schedules, shown);
      // Which inputs the verdict is about, under its first line.
      const std::string inputs = InputsLine(*ref->Find(k), o, r.scalars);
      const size_t eol = r.report.find('\n');
      r.report.insert(eol == std::string::npos ? r.report.size() : eol + 1,
                      "  inputs: " + inputs + "\n");
      // What the lowering warned of is the first suspect of a difference.
      if (r.kind == sim::CheckResult::Kind::Differ)
        for (const pass::Warning& w : warned)
          r.report += "  possible cause, warned of by " + w.pass + ": " +
                      ir::SourceManager::Name(w.span.file) + ":" + std::to_string(w.span.line) +
                      ":" + std::to_string(w.span.col) + ": " + w.message + "\n";
      std::cout << r.report;
      std::cout.flush();
      if (r.finding) {
        // The finding as a located diagnostic (stderr, or the JSON / SARIF log).
        std::vector<ir::Note> notes = r.finding->notes();
        notes.insert(notes.begin(), {{}, "inputs: " + inputs});
        Sink().UserError(ir::DetailedUserError(
            ir::UserError(r.finding->span(), r.finding->message(), std::move(notes)),
            r.finding->rule()));
      }
      if (!outputs.empty()) {
        namespace fs = std::filesystem;
        fs::path dir = fs::path(outputs) / k;
        if (points.size() > 1) dir /= point.Name();
        WriteTensors((dir / "reference").string(), r.reference_outputs);
        WriteTensors((dir / "split").string(), r.split_outputs);
      }
      if (r.kind == sim::CheckResult::Kind::NothingCompared) {
        if (rc == kExitOk) rc = kExitFailure;  // proves nothing; a difference elsewhere still wins
      } else if (r.kind != sim::CheckResult::Kind::Equal) {
        rc = kExitDiffer;
        ++differing;
      }
    }
    if (points.size() > 1)
      std::cout << "check " << k << ": " << (points.size() - static_cast<size_t>(differing))
                << " of " << points.size() << " input points equal\n";
  }
  return rc;
}

std::vector<OptionSpec> Options() {
  std::vector<OptionSpec> o = SimOptions();
  for (OptionSpec& s : o)
    if (s.long_name == "scalar")
      s = {"scalar", 0, true, "NAME=V|A..B",
           "pin an integer scalar parameter or a dynamic dimension,\nor check every value from A "
           "to B (repeatable; "
           "several ranges check every\ncombination)"};
  std::vector<OptionSpec> more = {
      {"seeds", 0, true, "N", "check N input seeds: --seed, --seed + 1, ... (default 1)"},
      {"func", 0, true, "NAME",
       "check only this kernel (default: every InCore kernel and\nevery Opaque function with a "
       "CORE_GROUP scope)"},
      {"against", 0, true, "SPLIT",
       "take the split program from SPLIT instead of FILE: a program\nat any stage (after "
       "lower-auto-vector-split, a hand-written\nsplit_aiv kernel, an expanded AIC/AIV/Group "
       "program); the\nstages it lacks are run on it",
       Completion::File},
      {"pipeline", 0, true, "NAME",
       "the registered pipeline that lowers FILE (default\ndefault-pipeline; opt --list-passes "
       "lists them)",
       Completion::Pass},
      {"outputs", 0, true, "DIR",
       "write both programs' Out/InOut tensors as .npy:\nDIR/KERNEL/reference/NAME.npy and "
       "DIR/KERNEL/split/NAME.npy\n(one more level, seed-S_NAME-V, with several input points)",
       Completion::Dir},
      {"schedules", 0, true, "N",
       "run the split program under N schedules (default 4): cube\nfirst, lane 0 first, lane 1 "
       "first, then seeded random ones;\nthe first that differs is named in the report"},
      {"show-diffs", 0, true, "K",
       "list the first K differing elements of each tensor\n(default " +
           std::to_string(sim::kDefaultShownDifferences) + ")"},
      SplitExtensionsOption(),
  };
  o.insert(o.end(), more.begin(), more.end());
  for (OptionSpec& s : InstrumentOptions()) o.push_back(std::move(s));
  return o;
}

}  // namespace

const CommandSpec* CheckCommand() {
  static const CommandSpec spec{
      "tilesplit check FILE [--seed N] [--seeds N] [--scalar NAME=V|A..B]... [--func NAME]\n"
      "                [--against SPLIT_FILE] [--inputs DIR] [--outputs DIR]\n"
      "                [--schedules N] [--max-steps N] [--max-memory BYTES]\n"
      "                [--remarks[=KINDS]] [--verify-roundtrip] [--print-after PASS] ...",
      "Checks that splitting a mixed kernel across the core group preserves its results.\n"
      "FILE is lowered by the pipeline default-pipeline (PyPTO's passes before the\n"
      "split, then outline-incore-scopes, lower-auto-vector-split, expand-mixed-kernel,\n"
      "split-vector-kernel), or SPLIT_FILE is; the split program runs on the simulated core group "
      "(AIC + two AIV lanes,\n"
      "bounded pipes) and FILE on the sequential reference interpreter, with the same\n"
      "inputs. Every Out/InOut tensor is compared bit for bit over the elements the\n"
      "reference wrote with defined data (undefined ones are counted, not compared); a\n"
      "kernel the pipeline does not split across the lanes is reported \"not split\".\n"
      "Each verdict is followed by where its inputs came from (the --inputs files, the\n"
      "seed) and the scalar values it used; a difference is summarised per tensor\n"
      "(count, bounding box, first elements). The instrumentation options are opt's.\n",
      Options(),
      "exit codes: 0 equal, 4 different, deadlocked or faulted (the report on standard\n"
      "            output, the located finding on standard error: rule check.differ,\n"
      "            check.poison, check.deadlock or check.fault), 1 error in the input, a\n"
      "            budget or runtime extent exceeded or no element compared, 2 bad usage\n",
      Completion::File,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
