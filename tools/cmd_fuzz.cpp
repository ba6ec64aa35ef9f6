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

// This binary, which the campaign runs as a user would (`check FILE`, `run FILE`).
std::string SelfPath() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

int Run(const ParsedArgs& a) {
  if (!a.positional.empty())
    throw UsageError("fuzz", "unexpected argument '" + a.positional[0] + "'");
  fuzz::CampaignOptions o;
  o.level = fuzz::Level::All;  // the product's fuzzer covers both front ends unless told otherwise
  if (std::string v = a.Value("count"); !v.empty()) o.count = UnsignedValue("fuzz", "count", v);
  if (std::string v = a.Value("seed"); !v.empty()) o.seed = UnsignedValue("fuzz", "seed", v);
  if (std::string v = a.Value("time-budget"); !v.empty())
    o.time_budget = SecondsValue("fuzz", "time-budget", v);
  if (std::string v = a.Value("timeout"); !v.empty())
    o.timeout = SecondsValue("fuzz", "timeout", v);
  if (o.timeout <= 0) throw UsageError("fuzz", "--timeout must be positive");
  if (std::string v = a.Value("jobs"); !v.empty()) {
    o.jobs = static_cast<int>(IntegerIn("fuzz", "jobs", v, 1, 256));
  }
  if (std::string v = a.Value("mode"); !v.empty() && !fuzz::ParseModeFilter(v, &o.mode))
    throw UsageError("fuzz", "--mode must be up_down, left_right, regions or all, got '" + v + "'");
  if (std::string v = a.Value("level"); !v.empty() && !fuzz::ParseLevel(v, &o.level))
    throw UsageError("fuzz", "--level must be tile, tensor or all, got '" + v + "'");
  if (o.level == fuzz::Level::Tensor && o.mode == fuzz::ModeFilter::Regions)
    throw UsageError("fuzz",
                     "--mode regions writes explicit split_aiv regions, which only tile-level "
                     "kernels have; use --level tile or all");
  if (std::string v = a.Value("cli-every"); !v.empty())
    o.cli_every = UnsignedValue("fuzz", "cli-every", v);
  o.cli_tool = SelfPath();
  o.out_dir = a.Value("out");
  o.mutate_dir = a.Value("mutate");
  o.strict = a.Flag("strict");
  if (o.strict && o.mutate_dir.empty())
    throw UsageError("fuzz", "--strict goes with --mutate (generated kernels count every defect)");
  if (!o.mutate_dir.empty() && fuzz::LoadCorpus(o.mutate_dir).empty())
    ir::ThrowUser({}, "no kernel files (.py) under '" + o.mutate_dir + "' to mutate");

  std::ostream* progress = isatty(STDERR_FILENO) ? &std::cerr : nullptr;
  // The tally goes to standard error before the long shrinking starts, so that stopping the
  // campaign there loses only the reproducers; standard output keeps the one final summary.
  if (!o.out_dir.empty() && !a.Flag("json"))
    o.before_shrink = [](const fuzz::CampaignResult& r) {
      std::cerr << "fuzz: every case has run; the tally before shrinking the findings:\n"
                << fuzz::SummaryTable(r) << std::flush;
    };
  const fuzz::CampaignResult r = fuzz::RunCampaign(o, progress);
  if (a.Flag("json")) {
    std::cout << fuzz::SummaryJson(r);
  } else {
    std::cout << fuzz::SummaryTable(r);
  }
  return r.defects > 0 ? kExitDiffer : kExitOk;
}

}  // namespace

const CommandSpec* FuzzCommand() {
  static const CommandSpec spec{
      "tilesplit fuzz [--count N] [--seed S] [--time-budget SEC] [--out DIR]\n"
      "               [--jobs J] [--mode up_down|left_right|regions|all]\n"
      "               [--level tile|tensor|all] [--cli-every N] [--json]\n"
      "tilesplit fuzz --mutate DIR [--count N] [--seed S] [--out OUT] [--strict] [--json]",
      "Generates N random valid mixed kernels (cube work, crossings both ways, vector ops,\n"
      "loops, branches, CORE_GROUP scopes, explicit split_aiv regions, ragged extents) and\n"
      "runs each in process through print -> parse -> equal, outline-incore-scopes and\n"
      "lower-auto-vector-split with round-trip verification, then lowers it as `check`\n"
      "does and compares split and reference on the simulator for several input seeds.\n"
      "Workers are forked processes, so a crash or a hang is classified and the run goes\n"
      "on. --level tensor generates tensor-level programs instead (a main with tensor\n"
      "parameters and a pl.Out, a CORE_GROUP scope with or without pl.split, tensor ops\n"
      "drawn from the operator registry, matmuls, slices, loops over blocks assembled\n"
      "into the output, or a tensor-level InCore kernel called from an Orchestration\n"
      "main): each goes through print -> parse -> equal, default-pipeline with\n"
      "round-trip verification, and the split program against the program as written on\n"
      "the simulator; --level all (the default) mixes them, one case in three.\n"
      "Every 10th generated case (--cli-every) also runs `tilesplit check FILE`, and at\n"
      "tensor level `tilesplit run FILE`, as a separate process: an exit code that does\n"
      "not match the in-process verdict is a defect (stage cli).\n"
      "Every distinct failure is shrunk and written to DIR with the command that\n"
      "reproduces it. With --mutate, the .py files under DIR are mutated (bytes and DSL\n"
      "tokens) instead; there crashes, hangs, internal errors and user errors without a\n"
      "location are the defects (--strict adds miscompiles and late rejections).\n"
      "\n"
      "outcomes: equal, rejected (a located user error), miscompile (check differs,\n"
      "          deadlocks or faults), late-reject (opt accepted, the check pipeline\n"
      "          rejected), unlocated-error, internal-error, crash, hang\n",
      {{"count", 0, true, "N", "cases to run (default 1000)"},
       {"seed", 0, true, "S", "campaign seed (default 1); case i of seed S is always the same"},
       {"time-budget", 0, true, "SEC", "stop handing out cases after SEC seconds (default: none)"},
       {"timeout", 0, true, "SEC",
        "per-case CPU-time limit before it counts as a hang (default\n10; a case that waits "
        "without using the processor is a\nhang after 6 times SEC on the wall clock)"},
       {"out", 0, true, "DIR", "shrink every distinct failure and save it here (.py, .cmd, .txt)",
        Completion::Dir},
       {"jobs", 'j', true, "J", "worker processes (default 1)"},
       {"cli-every", 0, true, "N",
        "every Nth generated case also runs `tilesplit check FILE`\n(and `run FILE` at tensor "
        "level) as a process, whose exit\ncode must match the in-process verdict (default 10; "
        "0: never)"},
       {"mode", 0, true, "M", "up_down, left_right, regions or all (default all)",
        Completion::Choices, "up_down left_right regions all"},
       {"level", 0, true, "L",
        "tile (mixed tile-level kernels), tensor (tensor-level\nprograms) or all (default: "
        "both, one case in three\ntensor-level)",
        Completion::Choices, "tile tensor all"},
       {"mutate", 0, true, "DIR", "mutate the kernels under DIR instead of generating",
        Completion::Dir},
       {"strict",
        0,
        false,
        {},
        "with --mutate: count miscompiles and late rejections as defects\ntoo (kept and shrunk)"},
       {"json", 0, false, {}, "print the summary as JSON on standard output"}},
      "A progress line goes to standard error when it is a terminal. With --out, the tally\n"
      "goes to standard error before the findings are shrunk (stopping there keeps it).\n"
      "exit codes: 0 no defect found, 4 at least one defect, 1 error (e.g. empty corpus),\n"
      "            2 bad usage\n",
      Completion::None,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
