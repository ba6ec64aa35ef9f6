// The simulator's budgets: how many statements one run may execute and how much tile and tensor
// storage may be live at once. A kernel that never terminates, or one whose tiles would not fit
// in the machine, ends with a located error naming the limit instead of hanging or being killed.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/enums.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::sim {

struct RunLimits {
  // Well above what any golden or benchmark kernel executes (see docs/simulator.md), and reached
  // by a spinning loop within a few seconds. Defined in budget.cpp.
  static const int64_t kDefaultMaxSteps;
  // Leaves room on a 24 GiB machine for two checks at once (the suite runs two jobs).
  static const int64_t kDefaultMaxMemory;
  int64_t max_steps = kDefaultMaxSteps;
  int64_t max_memory = kDefaultMaxMemory;
};

// A run stopped by one of its limits. It is the author's error (located, exit 1) like any user
// error; its own type lets a harness tell a kernel that does not end, or does not fit, from the
// other rejections.
class BudgetExceeded : public ir::UserError {
 public:
  using ir::UserError::UserError;
};

// What one run moved between the cores (tpush_to_aiv / tpush_to_aic): `tilesplit run --stats`
// and the benchmarks of the split extensions (docs/performance.md) read it.
struct TransferCounts {
  int64_t c2v_pushes = 0, c2v_bytes = 0;  // cube -> vector, one push per transfer
  int64_t v2c_pushes = 0, v2c_bytes = 0;  // vector -> cube, one push per lane per transfer
};

// One run's consumption against its limits. Shared by every interpreter of the run (callees, the
// cores of a group); cores take turns, but they are threads, so the counter is atomic.
struct RunBudget {
  explicit RunBudget(RunLimits l = {}) : limits(l) {}
  RunLimits limits;
  std::atomic<int64_t> steps{0};
  // Set by the first limit that stops the run, so that a core group's fault can be told apart
  // from a budget stop (which is the author's error, exit 1, not a wrong split).
  std::optional<BudgetExceeded> exceeded;
  // The run's transfers, counted by the core group's pipes (cores take turns at them).
  std::atomic<int64_t> c2v_pushes{0}, c2v_bytes{0}, v2c_pushes{0}, v2c_bytes{0};
  TransferCounts Transfers() const {
    return {c2v_pushes.load(), c2v_bytes.load(), v2c_pushes.load(), v2c_bytes.load()};
  }

  // Counts one step at `at`; throws the step-budget error once the budget is spent.
  void Step(ir::Span at) {
    if (steps.fetch_add(1, std::memory_order_relaxed) >= limits.max_steps) StepsExhausted(at);
  }
  // An op's work: its step covers kElementsPerStep elements read and written (multiply-adds of
  // a cube op), and each further kElementsPerStep is one more step, so that a spinning loop of
  // big ops (a matmul) is stopped about as soon as one of small ones is.
  static constexpr int64_t kElementsPerStep = 256;
  void Work(int64_t elements, ir::Span at) {
    const int64_t more = elements > 0 ? (elements - 1) / kElementsPerStep : 0;
    if (more > 0 && steps.fetch_add(more, std::memory_order_relaxed) + more > limits.max_steps)
      StepsExhausted(at);
  }
  [[noreturn]] void StepsExhausted(ir::Span at);
  // Throws the memory-budget error at `at` when `bytes` more live storage would exceed the limit;
  // `what` names the storage ("the result of tile.add", "parameter 'q'").
  void ChargeMemory(int64_t bytes, ir::Span at, const std::string& what);
};

// "1.5 GiB", "512 MiB", "300 bytes".
std::string FormatBytes(int64_t bytes);
// Bytes of storage a tile or tensor of `elements` elements of `dt` takes in the simulator
// (saturating at INT64_MAX instead of overflowing).
int64_t StorageBytes(ir::DataType dt, const std::vector<int64_t>& shape);

}  // namespace tilesplit::sim
