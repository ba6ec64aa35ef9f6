// The canonical DSL printer (dsl.md 9). print(parse(print(p))) == print(p), byte for byte.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "tilesplit/ir/function.h"

namespace tilesplit::dsl {

std::string Print(const ir::ProgramPtr& program);
// The same text, handed to `sink` in chunks as it is produced (so a large program's text is never
// held whole); the chunks concatenate to Print(program).
void Print(const ir::ProgramPtr& program, const std::function<void(std::string_view)>& sink);
std::string PrintFunction(const ir::FunctionPtr& function);  // one function, same naming rules
std::string PrintStmt(const ir::StmtPtr& stmt);              // for debugging and diagnostics

}  // namespace tilesplit::dsl
