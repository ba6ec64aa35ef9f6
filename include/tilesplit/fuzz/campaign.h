// A fuzzing campaign: generate or mutate, run isolated, tally, shrink and save what failed
// (`tilesplit fuzz`, docs/reliability.md).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "tilesplit/fuzz/generator.h"
#include "tilesplit/fuzz/runner.h"

namespace tilesplit::fuzz {

struct CampaignResult;

struct CampaignOptions {
  uint64_t count = 1000;
  uint64_t seed = 1;
  double time_budget = 0;  // seconds; 0 = none
  std::string out_dir;     // where shrunk reproducers go; empty = do not shrink or save
  int jobs = 1;
  ModeFilter mode = ModeFilter::All;
  Level level =
      Level::Tile;         // which front end the generated cases are written for (CLI default: all)
  std::string mutate_dir;  // non-empty: mutate the kernels under this directory instead
  double timeout = 10;     // per kernel, seconds
  int shrink_per_class = 3;
  int shrink_attempts = 300;
  std::vector<uint64_t> input_seeds = {0, 1};
  // The simulator's step budget per run of check: -1 derives one from `timeout` for mutants
  // (generated kernels keep the simulator's default), 0 is the simulator's default, N is N.
  int64_t max_steps = -1;
  // With mutate_dir: also count miscompiles and late rejections as defects (kept and shrunk).
  // A mutant that still parses and lowers is a valid kernel, so these are worth a look; they
  // are off by default because a damaged kernel can be valid yet mean nothing sensible.
  bool strict = false;
  // The tilesplit binary, and every how many generated cases it runs `check FILE` (and, at tensor
  // level, `run FILE`) as a separate process, which must agree with the in-process verdict
  // (RunOptions::cli_tool). Empty or 0: never.
  std::string cli_tool;
  uint64_t cli_every = 10;
  // Called once every case has run and before the findings are shrunk, which can take long (a
  // hang costs a whole time limit per attempt): a campaign stopped while it shrinks still has
  // its tally. Findings hold their unshrunk texts then.
  std::function<void(const CampaignResult&)> before_shrink;
};

struct Finding {
  Outcome outcome;
  std::string stage, key, detail;
  uint64_t first_index = 0;
  uint64_t occurrences = 0;
  std::string text;                        // shrunk when saved, else as generated
  std::map<std::string, int64_t> scalars;  // pinned for the reproducer
  uint64_t seed = 0;                       // input seed of a check failure
  std::string file, command;               // where it was saved, and how to reproduce it
};

struct CampaignResult {
  uint64_t kernels = 0;
  uint64_t tensor_programs = 0;  // of them, tensor-level programs
  double seconds = 0;
  double cpu_seconds = 0;  // user + system time of the worker processes
  std::array<uint64_t, kOutcomeCount> tally{};
  std::map<std::string, uint64_t> rejections;       // by message key
  std::map<std::string, uint64_t> refusal_reasons;  // the same, by reason (RefusalReason)
  // Checked-equal cases per split extension their split used (Verdict::extensions).
  std::map<std::string, uint64_t> extensions;
  std::map<std::string, uint64_t> constructs;  // generated cases per construct drawn
  std::map<std::string, uint64_t> ops_drawn;   // generated cases per operator drawn
  std::vector<Finding> findings;               // distinct failures, in order of discovery
  uint64_t defects = 0;                        // kernels whose outcome is a defect
  bool mutate = false;
  bool strict = false;  // CampaignOptions::strict
};

// Runs the campaign. `progress`, when not null, gets a carriage-return progress line.
CampaignResult RunCampaign(const CampaignOptions& o, std::ostream* progress);

// Whether `outcome` counts as a defect in this kind of campaign: with mutated inputs the
// simulator's verdicts on arbitrary damaged kernels are not defects by themselves, so only
// crashes, hangs, internal and unlocated errors count (`lenient`: a --mutate campaign without
// --strict); otherwise every defect outcome counts.
bool CountsAsDefect(Outcome outcome, bool lenient);
// Whether the campaign of `r` counted leniently.
inline bool Lenient(const CampaignResult& r) {
  return r.mutate && !r.strict;
}

std::string SummaryTable(const CampaignResult& r);
std::string SummaryJson(const CampaignResult& r);

}  // namespace tilesplit::fuzz
