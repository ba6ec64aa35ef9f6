// Running kernels on seeded inputs and checking a split program against its reference
// (core-group.md 4).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/sim/core_group.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::sim {

struct InputOptions {
  uint64_t seed = 0;
  std::string inputs_dir;                  // NAME.npy per parameter, when present
  std::map<std::string, int64_t> scalars;  // pinned integer scalar parameters
  // .npy contents by parameter name (tensors and tiles), as from inputs_dir: the Python API's
  // arrays. A name that is no tensor or tile parameter is an error.
  std::map<std::string, std::string> arrays;
  RunLimits limits;  // the budget of each run (inputs included)
};

// Inputs for every parameter of `f`, by name. In/InOut tensors and tiles get seeded random values
// (floats uniform in [-1, 1), integers in [0, 16)), a tile's elements outside its valid extent are
// poison, Out tensors start as poison, integer scalars are drawn from [1, 16] unless pinned and
// float scalars from [-1, 1). The same options always give the same inputs.
std::map<std::string, Value> MakeInputs(const ir::Function& f, const InputOptions& o);
// The variable the dimension `dim` of a parameter of `f` is when it is a dynamic dimension
// (pl.dynamic: a variable in a shape that no parameter of `f` binds), else null.
ir::VarPtr DynamicDimension(const ir::Function& f, const ir::ExprPtr& dim);
// A deep copy: each execution needs its own GM.
std::map<std::string, Value> CloneInputs(const std::map<std::string, Value>& in);

// Runs function `name` of `p`: an InCore/Opaque function sequentially on the reference
// interpreter, a Group/AIC/AIV function on the core-group executor (under `schedule`, also for a
// Group an Opaque function calls). Inputs are updated in place. A run that exceeds `limits` ends
// with the budget's located UserError (whether the reference interpreter or a core of the group
// hit it).
GroupOutcome RunKernel(const ir::Program& p, const std::string& name,
                       std::map<std::string, Value>& args, const RunLimits& limits = {},
                       const Schedule& schedule = {});
// The same on a split program already decoded (target::Compile's, or one a caller keeps across
// runs): its groups are not decoded again.
GroupOutcome RunKernel(const target::SplitProgram& sp, const std::string& name,
                       std::map<std::string, Value>& args, const RunLimits& limits = {},
                       const Schedule& schedule = {});

// Binds each tensor `out` returned by `f` (other than one of its parameters) into `args` as
// "returnI" (underscores added while a parameter has the name), so a check compares a program's
// result as it compares its Out parameters. `mark_written` (the reference's run) counts every
// element of a returned tensor as written, also one a tensor-level op computed.
void BindReturned(const ir::Function& f, const GroupOutcome& out,
                  std::map<std::string, Value>& args, bool mark_written);

// The outputs of `f`, in parameter order: its Out/InOut tensor parameters, and each In tensor
// parameter one of `runs` (the arguments after a run) stored into. Global memory is shared, so a
// kernel storing into a tensor it was passed changes the caller's tensor; PyPTO's programs do
// this when they carry a plain `pl.Tensor` parameter through `pl.assemble` and return it. Then
// every tensor the first run's map binds beside the parameters: what the entry returned
// (BindReturned).
std::vector<std::string> OutputNames(
    const ir::Function& f, const std::vector<const std::map<std::string, Value>*>& runs = {});

struct CheckResult {
  // NothingCompared: the reference stored no defined output element, so equality proves nothing.
  enum class Kind { Equal, Differ, Deadlock, Fault, NothingCompared } kind = Kind::Equal;
  std::string report;     // what to print
  int64_t compared = 0;   // elements compared
  int64_t undefined = 0;  // elements the reference wrote undefined (poison): never compared
  // The Out/InOut tensors after the runs (the split program's from the schedule reported), by
  // parameter name; empty when the split program deadlocked or faulted.
  std::map<std::string, TensorPtr> reference_outputs, split_outputs;
  // The scalar parameters' values the runs used (pinned or drawn), "NAME=VALUE" in parameter
  // order, so that a report says which inputs it is about.
  std::vector<std::string> scalars;
  // A Differ, Deadlock or Fault verdict as a located diagnostic: its rule ("check.differ",
  // "check.poison" when the split program stored undefined data where the reference stored
  // defined data, "check.deadlock", "check.fault" for a lane-protocol fault), where it was found
  // (the fault's statement, the first blocked core's, or the kernel's definition), the message
  // and notes (every core's position, every differing tensor, what to do).
  std::optional<ir::DetailedUserError> finding;
};

// How many differing elements the report lists per tensor by default.
inline constexpr int kDefaultShownDifferences = 5;

// Runs `ref_name` of `ref` once and the group of the same name in `split` under each of the
// first `schedules` CheckSchedules, all on the same inputs, and compares every Out/InOut tensor
// bit for bit over the elements the reference wrote with defined data. The first schedule whose
// run differs, deadlocks or faults is reported, by name, with every difference summarised (per
// tensor: the count, the bounding box and the first `shown` elements); the report names an
// InCore kernel the pipeline does not split across the lanes, and why.
CheckResult CheckKernel(const ir::Program& ref, const std::string& ref_name,
                        const ir::Program& split, const InputOptions& o,
                        int schedules = kDefaultSchedules, int shown = kDefaultShownDifferences);

// The passes that turn a mixed program into the split program `check` runs, in order: the
// registered pipeline pass::kCheckPipeline.
const std::vector<std::string>& SplitPipeline();

// The kernels `check` compares when none is named: every InCore function, and every Opaque or
// Orchestration function holding a CORE_GROUP scope (at any depth), which outlining turns into a
// call and which is checked as a whole; failing those, every Orchestration function that calls a
// Group, AIC or AIV function (a program split by hand). Each is checked from its program's entry:
// a kernel some other function calls is replaced by the functions no one calls above it (the
// lowering may give a kernel parameters only its caller binds). Empty when there is none.
std::vector<std::string> KernelsToCheck(const ir::Program& p);

}  // namespace tilesplit::sim
