// The core-group executor (core-group.md 1, 2): the AIC program and the AIV program on lanes 0
// and 1 run concurrently under deterministic round-robin scheduling (each core runs until it
// blocks on a pipe or finishes, then the next one takes over), connected by bounded C2V and V2C
// pipes with both-lane slot release and the split-code band placement. When every unfinished
// core is blocked and nothing changed since, the group has deadlocked: the outcome reports every
// core's position instead of hanging.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ops/value.h"

namespace tilesplit::sim {

struct GroupSpec {
  const ir::Function* aic = nullptr;  // may be null (a pure-vector kernel)
  const ir::Function* aiv = nullptr;  // may be null (a pure-cube kernel)
  bool dual_aiv = false;              // the AIV program runs on both lanes
  int64_t slot_num = 2;               // slots per pipe direction
};

// The group a split program runs for entry `name`: a Group function names its AIC and AIV
// functions in the attrs "aic" / "aiv"; a plain AIC or AIV function is a group of one program.
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
  std::string Describe() const;         // a multi-line report for the user
};

// Runs the group; parameters of each program are bound by name from `args`.
GroupOutcome RunCoreGroup(const GroupSpec& spec, const std::map<std::string, Value>& args);

}  // namespace tilesplit::sim
