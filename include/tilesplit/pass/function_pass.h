// The function-level pass adaptor (MLIR's function-pass adaptor): a pass that rewrites each
// function on its own is written as the rewrite of one function, and the adaptor owns the loop
// over the program, the rebuild, and keeping the program's identity when nothing changed.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {

// Rewrites one function; returns it unchanged (the same pointer) to keep it.
using FunctionRewrite = std::function<ir::FunctionPtr(const ir::FunctionPtr&)>;

// `rewrite` applied to every function of `p`, in order. Returns `p` itself when no function
// changed, so that a pass which changes nothing hands its input on.
ir::ProgramPtr MapFunctions(const ir::ProgramPtr& p, const FunctionRewrite& rewrite);

// A pass running `rewrite` on each function (MapFunctions).
Pass FunctionPass(std::string name, FunctionRewrite rewrite, std::vector<Property> required = {},
                  std::vector<Property> produced = {}, std::vector<Property> invalidated = {});

}  // namespace tilesplit::pass
