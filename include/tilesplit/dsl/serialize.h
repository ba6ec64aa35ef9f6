// Serialization of any IR node (a program, a function, a statement or an expression) as DSL text
// that reads back: PyPTO's ir.serialize / ir.deserialize. A statement or an expression is held in
// a function whose parameters are its free variables, so the text is a program the parser reads;
// a header line names the kind, and deserializing hands back that node (free variables get fresh
// identities). Serializing the result again gives the same bytes.
#pragma once

#include <string>
#include <string_view>

#include "tilesplit/ir/function.h"

namespace tilesplit::dsl {

struct SerialNode {
  ir::ProgramPtr program;
  ir::FunctionPtr function;
  ir::StmtPtr stmt;
  ir::ExprPtr expr;
};

std::string Serialize(const SerialNode& node);
// Errors (not a serialized node, text that does not parse) are UserErrors.
SerialNode Deserialize(std::string_view text);

}  // namespace tilesplit::dsl
