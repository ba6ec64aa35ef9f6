#include "pass_cli.h"

#include <algorithm>
#include <iostream>

#include "diagnostics.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::cli {

std::vector<OptionSpec> InstrumentOptions() {
  return {
      {"verify-roundtrip",
       0,
       false,
       {},
       "after each pass, check that print -> parse gives an equal\nprogram and that printing is "
       "idempotent, then run the\npass again on the reparsed output and require the same\n"
       "program (a lowered program needs no second lowering)"},
      {"remarks",
       0,
       false,
       {},
       "[=KINDS] print the passes' remarks on standard error as\nFILE:LINE:COL: remark: MESSAGE "
       "[PASS, KIND]; KINDS is a list\nof passed (done), missed (not done, and why), analysis "
       "(facts\na decision rests on) or all (the default)",
       Completion::Choices,
       "passed missed analysis all",
       true},
      {"print-before", 0, true, "PASS",
       "print the program (to standard error) before each run of\nPASS; comma-separated, "
       "repeatable",
       Completion::Pass},
      {"print-after", 0, true, "PASS", "print the program after each run of PASS",
       Completion::Pass},
      {"print-before-all", 0, false, {}, "print the program before every pass"},
      {"print-after-all", 0, false, {}, "print the program after every pass"},
      {"time-passes",
       0,
       false,
       {},
       "print the wall time of each pass as a table on standard\nerror"},
  };
}

OptionSpec SplitExtensionsOption() {
  return {
      "split-extensions",
      0,
      true,
      "on|off",
      "what lower-auto-vector-split splits beyond the spec's\nrefusals (odd vector->cube boxes, "
      "...; docs/spec-coverage.md):\non (the default) or off (the spec's refusals exactly)",
      Completion::Choices,
      "on off"};
}

void ApplyPassOptions(const std::string& command, const ParsedArgs& a, pass::PassContext& ctx) {
  const std::string v = a.Value("split-extensions");
  if (v.empty()) return;
  if (v != "on" && v != "off")
    throw UsageError(command, "--split-extensions takes on or off, not '" + v + "'");
  ctx.SetOption(pass::SplitOptions{.extensions = v == "on"});
}

namespace {

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
std::vector<pass::RemarkKind> ParseRemarkKinds(const std::string& command,
                                               const std::string& spec) {
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
    else if (k != "all") {
      std::string hint = ir::DidYouMean(k, {"passed", "missed", "analysis", "all"});
      throw UsageError(command, "unknown remark kind '" + k + "' (passed, missed, analysis, all)" +
                                    (hint.empty() ? "" : "; " + hint));
    }
    start = comma + 1;
  }
  return kinds;
}

std::string KnownNames() {
  std::string known;
  const pass::PassRegistry& registry = pass::PassRegistry::Global();
  for (const pass::PassInfo* p : registry.All()) known += (known.empty() ? "" : ", ") + p->name;
  for (const pass::PipelineInfo* p : registry.Pipelines())
    known += (known.empty() ? "" : ", ") + p->name + " (pipeline)";
  return known.empty() ? "none" : known;
}

}  // namespace

std::vector<std::string> PassNames(const std::string& command,
                                   const std::vector<std::string>& lists) {
  const pass::PassRegistry& registry = pass::PassRegistry::Global();
  std::vector<std::string> names;
  for (const std::string& v : lists) {
    size_t start = 0;
    while (start <= v.size()) {
      size_t comma = v.find(',', start);
      if (comma == std::string::npos) comma = v.size();
      if (comma == start) throw UsageError(command, "empty pass name in '" + v + "'");
      std::string name = v.substr(start, comma - start);
      if (!registry.Find(name) && !registry.FindPipeline(name)) {
        std::vector<std::string> all;
        for (const pass::PassInfo* p : registry.All()) all.push_back(p->name);
        for (const pass::PipelineInfo* p : registry.Pipelines()) all.push_back(p->name);
        const std::string hint = ir::DidYouMean(name, all);
        throw UsageError(command, "unknown pass '" + name + "'" +
                                      (hint.empty() ? "" : "; " + hint) +
                                      " (known: " + KnownNames() + ")");
      }
      names.push_back(std::move(name));
      start = comma + 1;
    }
  }
  return names;
}

PassInstruments MakeInstruments(const std::string& command, const ParsedArgs& a) {
  PassInstruments out;
  out.verify_roundtrip = a.Flag("verify-roundtrip");
  if (a.Flag("remarks")) {
    const std::vector<std::string> kinds = a.Values("remarks");
    if (!kinds.empty() && kinds.back().empty())
      throw UsageError(command, "--remarks= needs a kind");
    out.remarks = std::make_shared<PrintingRemarkSink>(
        ParseRemarkKinds(command, kinds.empty() ? std::string() : kinds.back()));
  }
  pass::PrintIRInstrumentation::Options print;
  print.before_all = a.Flag("print-before-all");
  print.after_all = a.Flag("print-after-all");
  // A pipeline name selects each of its passes.
  const pass::PassRegistry& registry = pass::PassRegistry::Global();
  auto add = [&](const std::string& name, auto& into) {
    if (const pass::PipelineInfo* p = registry.FindPipeline(name))
      into.insert(p->passes.begin(), p->passes.end());
    else
      into.insert(name);
  };
  for (const std::string& n : PassNames(command, a.Values("print-before"))) add(n, print.before);
  for (const std::string& n : PassNames(command, a.Values("print-after"))) add(n, print.after);
  if (print.before_all || print.after_all || !print.before.empty() || !print.after.empty())
    out.instruments.push_back(
        std::make_shared<pass::PrintIRInstrumentation>(std::cerr, std::move(print)));
  if (a.Flag("time-passes")) {
    out.timer = std::make_shared<pass::TimePassesInstrumentation>();
    // Last: its hooks sit closest to the pass, so the printing is not timed.
    out.instruments.push_back(out.timer);
  }
  return out;
}

void ShowingWarningSink::Emit(const pass::Warning& w) {
  pass::WarningCollector::Emit(w);
  Sink().Warning(ir::UserError(w.span, w.message, w.notes), w.rule);
}

void PassInstruments::Apply(pass::PipelineOptions& options) const {
  options.instruments = instruments;
  options.verify_roundtrip = verify_roundtrip;
  options.remarks = remarks.get();
  options.warnings = warnings.get();
}

void PassInstruments::Finish() const {
  if (!timer) return;
  timer->Report(std::cerr);
  std::cerr.flush();
}

}  // namespace tilesplit::cli
