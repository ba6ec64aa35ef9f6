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
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/runtime/budget.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/sim/schedule.h"

namespace tilesplit::sim {

struct GroupSpec {
  const ir::Function* aic = nullptr;  // may be null (a pure-vector kernel)
  const ir::Function* aiv = nullptr;  // may be null (a pure-cube kernel)
  // For a Group entry: the Group itself and the arguments its body's calls pass to the AIC and
  // the AIV program (expressions of the Group's parameters). Without a Group, each program binds
  // the entry's arguments by parameter name.
  const ir::Function* group = nullptr;
  std::vector<ir::ExprPtr> aic_args, aiv_args;
  bool dual_aiv = false;        // the AIV program runs on both lanes
  int64_t slot_num = 2;         // slots per pipe direction
  Schedule schedule;            // which runnable core takes the next step
  RunBudget* budget = nullptr;  // shared by every core of the group; null: unbudgeted
};

// The group a split program runs for entry `name`: a Group function's body calls its AIC and
// its AIV function (`self.F_aic(...)`, `self.F_aiv(...)`); a plain AIC or AIV function is a
// group of one program.
// Slot count: the attr "slot_num" of the Group (else of the parts), default 2. Throws a
// UserError when `name` is missing or is not a split function.
GroupSpec ResolveGroup(const ir::Program& p, const std::string& name);

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
