// convert-tensor-to-tile-ops, phase 2: the callers of the converted kernels pass one
// `retI_out = tensor.create(shape, dtype=...)` per Out parameter the conversion added.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tilesplit/ir/function.h"

namespace tilesplit::pass {

// The Out parameters the conversion appended to one kernel, in order.
struct Added {
  std::vector<ir::TypePtr> types;
  std::vector<std::string> names;
};

// `f` with every call of a kernel in `added` given its new arguments (f itself when none).
ir::FunctionPtr WithCreatedOutArgs(const ir::FunctionPtr& f,
                                   const std::map<std::string, Added>& added);

}  // namespace tilesplit::pass
