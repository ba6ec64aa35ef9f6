// convert-tensor-to-tile-ops, phase 2: the callers of the converted kernels pass one
// `retI_out = tensor.create(shape, dtype=...)` per Out parameter the conversion added.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tilesplit/ir/function.h"

namespace tilesplit::pass {

// What the conversion changed in one kernel's signature: the Out parameters it appended, in
// order, and the In parameters it found written (their position and new direction).
struct Added {
  std::vector<ir::TypePtr> types;
  std::vector<std::string> names;
  std::vector<std::pair<size_t, ir::ParamDirection>> upgraded;
};

// `f` with every call of a kernel in `added` given its new arguments (f itself when none), and
// each In parameter of `f` it passes straight to a parameter the conversion found written
// upgraded likewise: Out when every use of it in `f` is such a write-only argument, else InOut.
ir::FunctionPtr WithCreatedOutArgs(const ir::FunctionPtr& f,
                                   const std::map<std::string, Added>& added);

// A Group wrapper `f` forwards instead: each argument a call in it gains becomes a new Out
// parameter of `f` (the kernel's name and type), passed straight through, so that the tensor is
// created where the wrapper is called (`mine`: what `f`'s own callers then pass). Its In
// parameters passed to written ones are upgraded as above, and recorded in `mine`.
ir::FunctionPtr WithForwardedOutParams(const ir::FunctionPtr& f,
                                       const std::map<std::string, Added>& added, Added& mine);

}  // namespace tilesplit::pass
