// `tilesplit opt FILE -p PASS[,PASS...]`: run registered passes (or named pipelines) over a
// kernel.
#include <algorithm>
#include <iostream>
#include <optional>

#include "cli.h"
#include "diagnostics.h"
#include "pass_cli.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::cli {

namespace {

void ListPasses(std::ostream& out) {
  const pass::PassRegistry& registry = pass::PassRegistry::Global();
  size_t width = 0;
  for (const pass::PassInfo* p : registry.All()) width = std::max(width, p->name.size());
  for (const pass::PipelineInfo* p : registry.Pipelines()) width = std::max(width, p->name.size());
  for (const pass::PassInfo* p : registry.All()) {
    out << p->name;
    if (!p->description.empty())
      out << std::string(width - p->name.size() + 2, ' ') << p->description;
    out << "\n";
  }
  out << "\npipelines:\n";
  for (const pass::PipelineInfo* p : registry.Pipelines()) {
    out << p->name << std::string(width - p->name.size() + 2, ' ') << p->description << "\n"
        << std::string(width + 2, ' ') << "= ";
    for (size_t i = 0; i < p->passes.size(); ++i) out << (i ? "," : "") << p->passes[i];
    out << "\n";
  }
}

// lower-auto-vector-split splits InCore functions only: split work in a pl.at(level=CORE_GROUP)
// scope of an Opaque function becomes one when outline-incore-scopes has run. Run without it,
// the pass leaves the scope alone and the command would succeed silently.
void WarnUnoutlinedScopes(const std::vector<std::string>& names, const ir::Program& p) {
  const pass::PassRegistry& registry = pass::PassRegistry::Global();
  bool outlined = false;
  for (const std::string& n : names) {
    std::vector<std::string> steps = {n};
    if (const pass::PipelineInfo* pipe = registry.FindPipeline(n)) steps = pipe->passes;
    for (const std::string& s : steps) {
      if (s == "outline-incore-scopes") outlined = true;
      if (s != "lower-auto-vector-split" || outlined) continue;
      for (const ir::FunctionPtr& f : p.functions) {
        if (f->func_type != ir::FunctionType::Opaque &&
            f->func_type != ir::FunctionType::Orchestration)
          continue;
        const auto* scope = static_cast<const ir::ScopeStmt*>(
            ir::FirstStmt(f->body, ir::kWalkAll, [](const ir::StmtPtr& st) {
              const auto* sc = st->As<ir::ScopeStmt>();
              return sc && sc->level == ir::Level::CORE_GROUP;
            }).get());
        if (!scope) continue;
        // A tensor-level scope needs the passes before the split too (convert-tensor-to-tile-ops
        // and the rest): check-pipeline would leave its tensor ops in place.
        const bool tensor_level =
            ir::FirstStmt(scope->body, ir::kWalkAll, [](const ir::StmtPtr& st) {
              const ir::Call* c = analysis::TopLevelCall(*st);
              return c && ops::TileFormOf(*c) != nullptr;
            }) != nullptr;
        const std::string fix =
            tensor_level ? "run the whole lowering with --pipeline default-pipeline (the scope "
                           "is at tensor level: its tensor ops need the passes before the split)"
                         : "run outline-incore-scopes first (-p outline-incore-scopes,"
                           "lower-auto-vector-split), or the whole lowering with --pipeline "
                           "check-pipeline";
        Sink().Warning(
            ir::UserError(scope->span,
                          "lower-auto-vector-split does not enter this pl.at(level=CORE_GROUP) "
                          "scope of the " +
                              std::string(ir::FunctionTypeName(f->func_type)) + " function '" +
                              f->name +
                              "': it splits InCore functions only, so nothing here "
                              "is split",
                          {{{}, fix}}),
            "hint.outline-first");
      }
      return;  // one warning per function, for the first run of the pass
    }
  }
}

int Run(const ParsedArgs& a) {
  if (a.Flag("list-passes")) {
    ListPasses(std::cout);
    return kExitOk;
  }
  if (a.positional.size() != 1)
    throw UsageError("opt", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  std::vector<std::string> lists = a.Values("passes");
  for (const std::string& p : a.Values("pipeline")) lists.push_back(p);
  if (lists.empty()) throw UsageError("opt", "no passes given (use -p PASS or --pipeline NAME)");

  // Resolve every name before reading the input, so a typo costs no parse.
  std::vector<pass::Pass> passes = pass::BuildPasses(PassNames("opt", lists));
  pass::PassContext ctx;
  ApplyPassOptions("opt", a, ctx);
  const PassInstruments instruments = MakeInstruments("opt", a);

  dsl::ParseOptions parse_options;
  parse_options.defines = Defines("opt", a);
  ir::ProgramPtr program = dsl::ParseFile(a.positional[0], parse_options);
  WarnUnoutlinedScopes(PassNames("opt", lists), *program);
  pass::PipelineOptions options;
  options.context = &ctx;
  instruments.Apply(options);
  ir::ProgramPtr result = pass::RunPipeline(program, passes, options);
  instruments.Finish();
  program = nullptr;  // the input is not needed any more
  WriteOutputStreamed(a.Value("output"), [&](const OutputSink& sink) { dsl::Print(result, sink); });
  return kExitOk;
}

std::vector<OptionSpec> Options() {
  std::vector<OptionSpec> o = {
      {"passes", 'p', true, "LIST", "comma-separated pass or pipeline names; may be repeated",
       Completion::Pass},
      {"pipeline", 0, true, "NAME",
       "run the registered pipeline NAME (as -p NAME); e.g.\ncheck-pipeline, the lowering "
       "`check` runs",
       Completion::Pass},
      {"output", 'o', true, "OUT",
       "write to OUT instead of standard output (not written on\nerror)", Completion::File},
      {"list-passes", 0, false, {}, "list the registered passes and pipelines and exit"},
      DefineOption(),
      SplitExtensionsOption(),
  };
  for (OptionSpec& s : InstrumentOptions()) o.push_back(std::move(s));
  return o;
}

}  // namespace

const CommandSpec* OptCommand() {
  static const CommandSpec spec{
      "tilesplit opt FILE -p PASS[,PASS...] [-o OUT] [--verify-roundtrip] [--remarks[=KINDS]]\n"
      "              [--print-after-all] [--print-after PASS] [--time-passes] ...\n"
      "tilesplit opt FILE --pipeline NAME ...\n"
      "tilesplit opt --list-passes",
      "Parses FILE ('-' reads standard input), runs the passes in order and prints the\n"
      "result. Before each pass the IR properties it requires are verified. A registered\n"
      "pipeline name (--list-passes shows them) stands for its passes.\n",
      Options(),
      "",
      Completion::File,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
