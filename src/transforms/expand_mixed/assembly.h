// The last stage of ExpandMixedKernel: the two sides' statements become the AIC and AIV functions
// and the Group function that runs both under the kernel's own name.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sides.h"
#include "tilesplit/ir/function.h"

namespace tilesplit::expand_mixed {

// What the assembly needs to know besides the statements.
struct AssemblyInput {
  const Sides* sides = nullptr;
  int64_t slot_num = 2;                      // the ring depth both pipes get
  std::optional<ir::SplitMode> region_mode;  // the first consumed region's mode, if any
  PipeTraffic traffic;
  const std::set<std::string>* taken = nullptr;  // names already used in the program
};

struct Parts {
  std::vector<ir::FunctionPtr> functions;  // AIC, AIV, Group
  // Whether every value the kernel returned traced to a parameter it stored into, so the Group
  // returns it (otherwise the Group returns nothing, as its parts do).
  bool results_traced = true;
};

// Builds the parts of the mixed kernel `f`. Throws a located UserError when one side reads a
// value only the other side computes (CheckSidesClosed).
Parts AssembleParts(const ir::Function& f, const AssemblyInput& in);

// Throws a located UserError when one side of `f` reads a value only the other side computes
// without a crossing (a tensor the kernel reads through a parameter excepted): what the
// assembly refuses, asked of the sides alone so that the split pass can check it before.
void CheckSidesClosed(const ir::Function& f, const Sides& sides);

}  // namespace tilesplit::expand_mixed
