// Crash and hang containment: the work runs in forked worker processes, a chunk of cases per
// fork, so a case that kills its process or never ends is classified (Crash, Hang) and the
// campaign goes on with the next case, while the cases themselves still run in process.
#pragma once

#include <cstdint>
#include <functional>

#include "tilesplit/fuzz/runner.h"

namespace tilesplit::fuzz {

struct IsolateOptions {
  int jobs = 1;                // worker processes at once
  double timeout_seconds = 5;  // per case
  uint64_t chunk = 32;         // cases per fork
  // Called in the parent for every finished case, in completion order.
  std::function<void(uint64_t index, const Verdict&)> on_result;
  // Polled in the parent between events; true stops handing out new chunks.
  std::function<bool()> stop;
  // Called in the parent about four times a second.
  std::function<void()> tick;
};

// Runs work(i) for i in [0, count) in worker processes. Returns how many cases finished.
uint64_t RunIsolated(uint64_t count, const std::function<Verdict(uint64_t)>& work,
                     const IsolateOptions& o);

// Runs one case in a forked process with a time limit (used by the shrinker).
Verdict RunOneIsolated(const std::function<Verdict()>& work, double timeout_seconds);

}  // namespace tilesplit::fuzz
