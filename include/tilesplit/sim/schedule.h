// Schedules of the core-group executor: which runnable core takes the next step. A correct split
// program computes the same outputs under every schedule; a program whose cores race on global
// memory does not, and `check` runs several schedules to expose that.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilesplit::sim {

struct Schedule {
  enum class Kind {
    // Each core runs until it blocks on a pipe or finishes, then the next one in the order
    // AIC, lane 0, lane 1 takes over (the executor's historical round robin).
    CubeFirst,
    // Strict priority, re-decided before every statement: the first runnable core of the order
    // lane 0, lane 1, AIC (or lane 1, lane 0, AIC) takes the step.
    Lane0First,
    Lane1First,
    // Before every statement a seeded generator picks one of the runnable cores.
    Random,
  } kind = Kind::CubeFirst;
  uint64_t seed = 0;  // Random only

  std::string Name() const;
};

// The default number of schedules `check` runs.
inline constexpr int kDefaultSchedules = 4;

// The first `n` schedules `check` runs: cube first, lane 0 first, lane 1 first, then random
// schedules with seeds 1, 2, ... (so `--schedules K` reproduces the K-th).
std::vector<Schedule> CheckSchedules(int n);

}  // namespace tilesplit::sim
