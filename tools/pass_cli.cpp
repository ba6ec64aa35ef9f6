#include "pass_cli.h"

#include <iostream>

namespace tilesplit::cli {

std::vector<OptionSpec> InstrumentOptions() {
  return {
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

namespace {

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
      if (!registry.Find(name) && !registry.FindPipeline(name))
        throw UsageError(command, "unknown pass '" + name + "' (known: " + KnownNames() + ")");
      names.push_back(std::move(name));
      start = comma + 1;
    }
  }
  return names;
}

PassInstruments MakeInstruments(const std::string& command, const ParsedArgs& a) {
  PassInstruments out;
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

void PassInstruments::Finish() const {
  if (!timer) return;
  timer->Report(std::cerr);
  std::cerr.flush();
}

}  // namespace tilesplit::cli
