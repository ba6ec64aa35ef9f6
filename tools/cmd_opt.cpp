// `tilesplit opt FILE -p PASS[,PASS...]`: run registered passes (or named pipelines) over a
// kernel.
#include <algorithm>
#include <iostream>
#include <optional>

#include "cli.h"
#include "pass_cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/transforms/remarks.h"

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

// Prints each remark on standard error as it is emitted, so the remarks before a rejection are
// seen too. `kinds` empty: every kind.
class PrintingRemarkSink : public pass::RemarkSink {
 public:
  explicit PrintingRemarkSink(std::vector<pass::RemarkKind> kinds) : kinds_(std::move(kinds)) {}
  void Emit(const pass::Remark& r) override {
    if (!kinds_.empty() && std::find(kinds_.begin(), kinds_.end(), r.kind) == kinds_.end()) return;
    std::cerr << pass::FormatRemark(r) << "\n";
  }

 private:
  std::vector<pass::RemarkKind> kinds_;
};

// `--remarks=passed,missed` -> the kinds named; `--remarks` alone (empty) -> every kind.
std::vector<pass::RemarkKind> ParseRemarkKinds(const std::string& spec) {
  std::vector<pass::RemarkKind> kinds;
  size_t start = 0;
  while (!spec.empty() && start <= spec.size()) {
    size_t comma = spec.find(',', start);
    if (comma == std::string::npos) comma = spec.size();
    const std::string k = spec.substr(start, comma - start);
    if (k == "passed")
      kinds.push_back(pass::RemarkKind::Passed);
    else if (k == "missed")
      kinds.push_back(pass::RemarkKind::Missed);
    else if (k == "analysis")
      kinds.push_back(pass::RemarkKind::Analysis);
    else if (k != "all")
      throw UsageError("opt", "unknown remark kind '" + k + "' (passed, missed, analysis, all)");
    start = comma + 1;
  }
  return kinds;
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
  const std::vector<pass::Pass> passes = pass::BuildPasses(PassNames("opt", lists));
  const PassInstruments instruments = MakeInstruments("opt", a);

  ir::ProgramPtr program = dsl::ParseFile(a.positional[0]);
  pass::PipelineOptions options;
  options.verify_roundtrip = a.Flag("verify-roundtrip");
  options.instruments = instruments.instruments;
  std::optional<PrintingRemarkSink> remarks;
  if (a.Flag("remarks")) {
    const std::vector<std::string> kinds = a.Values("remarks");
    if (!kinds.empty() && kinds.back().empty()) throw UsageError("opt", "--remarks= needs a kind");
    remarks.emplace(ParseRemarkKinds(kinds.empty() ? std::string() : kinds.back()));
    options.remarks = &*remarks;
  }
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
      {"verify-roundtrip",
       0,
       false,
       {},
       "after each pass, check that print -> parse gives an equal\nprogram and that printing is "
       "idempotent, then run the\npass again on the reparsed output and require the same\n"
       "program (a lowered program needs no second lowering)"},
      {"list-passes", 0, false, {}, "list the registered passes and pipelines and exit"},
      {"remarks",
       0,
       false,
       {},
       "[=KINDS] print the passes' remarks on standard error as\nFILE:LINE:COL: remark: MESSAGE "
       "[PASS, KIND]; KINDS is a list\nof passed (done), missed (not done, and why), analysis "
       "(facts\na decision rests on) or all (the default)",
       Completion::None,
       {},
       true},
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
