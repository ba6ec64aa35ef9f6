// Running one kernel text through the steps of `opt --verify-roundtrip` and `check`, in process,
// and classifying what happened (docs/reliability.md).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilesplit::fuzz {

enum class Outcome {
  Equal,       // accepted, and the split program equals the reference on every seed
  Rejected,    // a located user error (a legitimate rejection)
  Miscompile,  // check: different, deadlocked or the split program faulted
  LateReject,  // accepted by opt, then a user error from the check pipeline or its run
  Unlocated,   // a user error without a source location
  Internal,    // an internal error or any other exception
  Crash,       // the process died (signal or unexpected exit); set by the isolation layer
  Hang,        // over the time budget; set by the isolation layer
};
constexpr int kOutcomeCount = 8;

const char* OutcomeName(Outcome o);
bool IsDefect(Outcome o);

struct Verdict {
  Outcome outcome = Outcome::Equal;
  std::string stage;   // parse, roundtrip, opt, lower, check
  std::string key;     // the first message line with numbers stripped: groups alike failures
  std::string detail;  // the whole message or report
  uint64_t seed = 0;   // the input seed of a check failure
  // The split extensions (pass::SplitOptions) the accepted split used, sorted, comma-separated:
  // the campaign counts how many checked-equal cases rest on each.
  std::string extensions;
};

// The first line of `message` with every run of digits replaced by N.
std::string MessageKey(const std::string& message);

struct RunOptions {
  std::vector<uint64_t> seeds = {0, 1};    // input seeds for check
  std::map<std::string, int64_t> scalars;  // pinned integer scalars
  bool check = true;                       // also lower the whole pipeline and simulate
  // The simulator's step budget for each run of check; 0 = the simulator's default. A campaign
  // sets one its time limit can reach, so that a kernel looping without end ends as `check`
  // ends it (a located error at the budget) rather than as a hang of the harness.
  int64_t max_steps = 0;
  // A tensor-level program: `opt` is the whole default pipeline (PyPTO's passes before the split,
  // then the split), whose result is the split program check runs, instead of outlining and the
  // vector split on a tile-level kernel.
  bool tensor_level = false;
  // The tilesplit binary: when set, `check FILE` (and `run FILE` at tensor level) run on the text
  // as separate processes and must exit as the in-process verdict says (stage "cli" when not).
  std::string cli_tool;
  double cli_timeout = 10;  // CPU seconds each of those commands may use
};

// Parses `text` (registered as `filename`), round-trips it through print and parse, runs
// outline-incore-scopes and lower-auto-vector-split with round-trip verification (a tensor-level
// program: default-pipeline, round-trip verified after every pass but
// convert-tensor-to-tile-ops), then (with `check`) the pipeline `check` uses and the simulator
// comparison. Never throws.
Verdict RunText(const std::string& text, const std::string& filename, const RunOptions& o);

// The `tilesplit` command line that reproduces `v` for a kernel saved at `path`.
std::string ReproCommand(const Verdict& v, const std::string& path, const RunOptions& o);

}  // namespace tilesplit::fuzz
