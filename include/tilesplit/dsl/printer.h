// The canonical DSL printer (dsl.md 9). print(parse(print(p))) == print(p), byte for byte.
#pragma once

#include <string>

#include "tilesplit/ir/function.h"

namespace tilesplit::dsl {

std::string Print(const ir::ProgramPtr& program);
std::string PrintFunction(const ir::FunctionPtr& function);  // one function, same naming rules
std::string PrintStmt(const ir::StmtPtr& stmt);              // for debugging and diagnostics

}  // namespace tilesplit::dsl
