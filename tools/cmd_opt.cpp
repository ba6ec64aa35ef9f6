// `tilesplit opt FILE -p PASS[,PASS...]`: run registered passes over a kernel.
#include <algorithm>
#include <iostream>
#include <optional>

#include "cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/transforms/pass.h"

namespace tilesplit::cli {

namespace {

void ListPasses(std::ostream& out) {
  const auto passes = pass::PassRegistry::Global().All();
  size_t width = 0;
  for (const pass::PassInfo* p : passes) width = std::max(width, p->name.size());
  for (const pass::PassInfo* p : passes) {
    out << p->name;
    if (!p->description.empty())
      out << std::string(width - p->name.size() + 2, ' ') << p->description;
    out << "\n";
  }
}

std::vector<std::string> SplitPassList(const std::vector<std::string>& values) {
  std::vector<std::string> names;
  for (const std::string& v : values) {
    size_t start = 0;
    while (start <= v.size()) {
      size_t comma = v.find(',', start);
      if (comma == std::string::npos) comma = v.size();
      if (comma == start) throw UsageError("opt", "empty pass name in '-p " + v + "'");
      names.push_back(v.substr(start, comma - start));
      start = comma + 1;
    }
  }
  return names;
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

}  // namespace

void HelpOpt(std::ostream& out) {
  out << "usage: tilesplit opt FILE -p PASS[,PASS...] [-o OUT] [--verify-roundtrip]\n"
         "                    [--remarks[=KIND[,KIND...]]]\n"
         "       tilesplit opt --list-passes\n"
         "\n"
         "Parses FILE ('-' reads standard input), runs the passes in order and prints the\n"
         "result. Before each pass the IR properties it requires are verified.\n"
         "\n"
         "options:\n"
         "  -p, --passes LIST     comma-separated pass names; may be repeated\n"
         "  -o, --output OUT      write to OUT instead of standard output (not written on "
         "error)\n"
         "  --verify-roundtrip    after each pass, check that print -> parse gives an equal\n"
         "                        program and that printing is idempotent, then run the\n"
         "                        pass again on the reparsed output and require the same\n"
         "                        program (a lowered program needs no second lowering)\n"
         "  --remarks[=KINDS]     print the passes' remarks on standard error as\n"
         "                        FILE:LINE:COL: remark: MESSAGE [PASS, KIND]; KINDS is a list\n"
         "                        of passed (done), missed (not done, and why), analysis (facts\n"
         "                        a decision rests on) or all (the default)\n"
         "  --list-passes         list the registered passes and exit\n"
         "  -h, --help            show this help\n";
}

int RunOpt(const std::vector<std::string>& raw_args) {
  // `--remarks` takes an optional value, which the common scanner does not know: the value is
  // taken off here and the option is scanned as a flag.
  std::vector<std::string> args;
  std::string remark_kinds;
  bool options_done = false;
  for (const std::string& w : raw_args) {
    options_done = options_done || w == "--";
    if (!options_done && w.rfind("--remarks=", 0) == 0) {
      remark_kinds = w.substr(10);
      if (remark_kinds.empty()) throw UsageError("opt", "--remarks= needs a kind");
      args.push_back("--remarks");
    } else {
      args.push_back(w);
    }
  }
  ParsedArgs a = ParseArgs("opt", args,
                           {{"passes", 'p', true},
                            {"output", 'o', true},
                            {"verify-roundtrip", 0, false},
                            {"list-passes", 0, false},
                            {"remarks", 0, false}});
  if (a.help) {
    HelpOpt(std::cout);
    return kExitOk;
  }
  if (a.Flag("list-passes")) {
    ListPasses(std::cout);
    return kExitOk;
  }
  if (a.positional.size() != 1)
    throw UsageError("opt", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  auto it = a.values.find("passes");
  if (it == a.values.end()) throw UsageError("opt", "no passes given (use -p PASS)");

  // Resolve every name before reading the input, so a typo costs no parse.
  std::vector<pass::Pass> passes;
  const pass::PassRegistry& registry = pass::PassRegistry::Global();
  for (const std::string& name : SplitPassList(it->second)) {
    const pass::PassInfo* info = registry.Find(name);
    if (!info) {
      std::string known;
      for (const pass::PassInfo* p : registry.All()) known += (known.empty() ? "" : ", ") + p->name;
      throw UsageError(
          "opt", "unknown pass '" + name + "' (known: " + (known.empty() ? "none" : known) + ")");
    }
    passes.push_back(info->factory());
  }

  ir::ProgramPtr program = dsl::ParseFile(a.positional[0]);
  pass::PipelineOptions options;
  options.verify_roundtrip = a.Flag("verify-roundtrip");
  std::optional<PrintingRemarkSink> remarks;
  if (a.Flag("remarks")) {
    remarks.emplace(ParseRemarkKinds(remark_kinds));
    options.remarks = &*remarks;
  }
  ir::ProgramPtr result = pass::RunPipeline(program, passes, options);
  program = nullptr;  // the input is not needed any more
  WriteOutputStreamed(a.Value("output"), [&](const OutputSink& sink) { dsl::Print(result, sink); });
  return kExitOk;
}

}  // namespace tilesplit::cli
