// The core-group executor (core-group.md 1, 2): the AIC program and the AIV program on lanes 0
// and 1 run concurrently under a deterministic schedule (schedule.h; by default each core runs
// until it blocks on a pipe or finishes, then the next one takes over), connected by bounded C2V
// and V2C pipes with both-lane slot release and the split-code band placement. When every
// unfinished core is blocked and nothing changed since, the group has deadlocked: the outcome
// reports every core's position instead of hanging.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/runtime/budget.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/sim/schedule.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::sim {

// A kernel group of the split program (target/split_program.h) and how this run schedules it.
struct GroupSpec : target::KernelGroup {
  explicit GroupSpec(target::KernelGroup group = {}) : target::KernelGroup(std::move(group)) {}
  Schedule schedule;            // which runnable core takes the next step
  RunBudget* budget = nullptr;  // shared by every core of the group; null: unbudgeted
  int64_t block_idx = 0;        // the pl.spmd block the group runs (every core reads it)
  int64_t block_num = 1;
};

struct CorePosition {
  std::string core;  // "AIC", "AIV lane 0", "AIV lane 1"
  std::string function;
  std::string state;      // "blocked", "finished", "faulted"
  ir::Span span;          // the statement it is at
  std::string statement;  // its source line, trimmed
};

struct GroupOutcome {
  enum class Kind { Ok, Deadlock, Fault } kind = Kind::Ok;
  std::optional<ir::UserError> fault;   // Kind::Fault: what went wrong, located
  std::vector<CorePosition> positions;  // Kind::Deadlock: every core
  std::vector<Value> returned;          // Kind::Ok: what the first core's program returned
  TransferCounts transfers;             // what the run pushed between the cores (RunKernel)
  std::string Describe() const;         // a multi-line report for the user
};

// Runs the group. `args` are the entry's arguments by parameter name: a Group's calls pass them
// on positionally, a lone AIC or AIV program binds them by name.
GroupOutcome RunCoreGroup(const GroupSpec& spec, const std::map<std::string, Value>& args);

// Thrown by the reference interpreter when a called Group deadlocks or faults, so that the run's
// outcome reaches RunKernel intact.
struct GroupFailure {
  GroupOutcome outcome;
};

}  // namespace tilesplit::sim
