// `tilesplit fuzz`: generates random valid mixed kernels (or mutates the kernels of a directory),
// runs each through the steps of `opt --verify-roundtrip` and `check` in process, classifies the
// outcomes, shrinks and saves every distinct failure, and exits 4 when it found a defect.
#include <unistd.h>

#include <iostream>

#include "cli.h"
#include "sim_cli.h"
#include "tilesplit/fuzz/campaign.h"
#include "tilesplit/fuzz/mutator.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::cli {

namespace {

uint64_t Unsigned(const std::string& option, const std::string& text) {
  try {
    size_t used = 0;
    const unsigned long long v = std::stoull(text, &used);
    if (used == text.size() && text[0] != '-') return v;
  } catch (const std::exception&) {
  }
  throw UsageError("fuzz", "--" + option + " needs a non-negative integer, got '" + text + "'");
}

double Seconds(const std::string& option, const std::string& text) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw UsageError("fuzz",
                   "--" + option + " needs a non-negative number of seconds, got '" + text + "'");
}

}  // namespace

void HelpFuzz(std::ostream& out) {
  out << "usage: tilesplit fuzz [--count N] [--seed S] [--time-budget SEC] [--out DIR]\n"
         "                      [--jobs J] [--mode up_down|left_right|regions|all] [--json]\n"
         "       tilesplit fuzz --mutate DIR [--count N] [--seed S] [--out OUT] [--json]\n"
         "\n"
         "Generates N random valid mixed kernels (cube work, crossings both ways, vector ops,\n"
         "loops, branches, CORE_GROUP scopes, explicit split_aiv regions, ragged extents) and\n"
         "runs each in process through print -> parse -> equal, outline-incore-scopes and\n"
         "lower-auto-vector-split with round-trip verification, then lowers it as `check`\n"
         "does and compares split and reference on the simulator for several input seeds.\n"
         "Workers are forked processes, so a crash or a hang is classified and the run goes\n"
         "on. Every distinct failure is shrunk and written to DIR with the command that\n"
         "reproduces it. With --mutate, the .py files under DIR are mutated (bytes and DSL\n"
         "tokens) instead; there crashes, hangs, internal errors and user errors without a\n"
         "location are the defects.\n"
         "\n"
         "outcomes: equal, rejected (a located user error), miscompile (check differs,\n"
         "          deadlocks or faults), late-reject (opt accepted, the check pipeline\n"
         "          rejected), unlocated-error, internal-error, crash, hang\n"
         "\n"
         "options:\n"
         "  --count N          cases to run (default 1000)\n"
         "  --seed S           campaign seed (default 1); case i of seed S is always the same\n"
         "  --time-budget SEC  stop handing out cases after SEC seconds (default: none)\n"
         "  --timeout SEC      per-case CPU-time limit before it counts as a hang (default\n"
         "                     10; a case that waits without using the processor is a\n"
         "                     hang after 6 times SEC on the wall clock)\n"
         "  --out DIR          shrink every distinct failure and save it here (.py, .cmd, .txt)\n"
         "  --jobs J           worker processes (default 1)\n"
         "  --mode M           up_down, left_right, regions or all (default all)\n"
         "  --mutate DIR       mutate the kernels under DIR instead of generating\n"
         "  --json             print the summary as JSON on standard output\n"
         "  -h, --help         show this help\n"
         "\n"
         "A progress line goes to standard error when it is a terminal.\n"
         "exit codes: 0 no defect found, 4 at least one defect, 1 error (e.g. empty corpus),\n"
         "            2 bad usage\n";
}

int RunFuzz(const std::vector<std::string>& args) {
  ParsedArgs a = ParseArgs("fuzz", args,
                           {{"count", 0, true},
                            {"seed", 0, true},
                            {"time-budget", 0, true},
                            {"timeout", 0, true},
                            {"out", 0, true},
                            {"jobs", 'j', true},
                            {"mode", 0, true},
                            {"mutate", 0, true},
                            {"json", 0, false}});
  if (a.help) {
    HelpFuzz(std::cout);
    return kExitOk;
  }
  if (!a.positional.empty())
    throw UsageError("fuzz", "unexpected argument '" + a.positional[0] + "'");
  fuzz::CampaignOptions o;
  if (std::string v = a.Value("count"); !v.empty()) o.count = Unsigned("count", v);
  if (std::string v = a.Value("seed"); !v.empty()) o.seed = Unsigned("seed", v);
  if (std::string v = a.Value("time-budget"); !v.empty()) o.time_budget = Seconds("time-budget", v);
  if (std::string v = a.Value("timeout"); !v.empty()) o.timeout = Seconds("timeout", v);
  if (o.timeout <= 0) throw UsageError("fuzz", "--timeout must be positive");
  if (std::string v = a.Value("jobs"); !v.empty()) {
    const uint64_t j = Unsigned("jobs", v);
    if (j < 1 || j > 256) throw UsageError("fuzz", "--jobs must be between 1 and 256");
    o.jobs = static_cast<int>(j);
  }
  if (std::string v = a.Value("mode"); !v.empty() && !fuzz::ParseModeFilter(v, &o.mode))
    throw UsageError("fuzz", "--mode must be up_down, left_right, regions or all, got '" + v + "'");
  o.out_dir = a.Value("out");
  o.mutate_dir = a.Value("mutate");
  if (!o.mutate_dir.empty() && fuzz::LoadCorpus(o.mutate_dir).empty())
    ir::ThrowUser({}, "no kernel files (.py) under '" + o.mutate_dir + "' to mutate");

  std::ostream* progress = isatty(STDERR_FILENO) ? &std::cerr : nullptr;
  const fuzz::CampaignResult r = fuzz::RunCampaign(o, progress);
  if (a.Flag("json")) {
    std::cout << fuzz::SummaryJson(r);
  } else {
    std::cout << fuzz::SummaryTable(r);
  }
  return r.defects > 0 ? kExitDiffer : kExitOk;
}

}  // namespace tilesplit::cli
