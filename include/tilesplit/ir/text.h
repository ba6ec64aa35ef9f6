// Canonical text of expressions and types (dsl.md 9). Shared by the DSL printer and by every
// diagnostic that quotes a type or an expression, so there is one spelling of each node.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tilesplit/ir/expr.h"

namespace tilesplit::ir {

// `parts` with `sep` between them (every part, an empty one too): the one join of the
// diagnostics' lists of names, shapes and choices.
std::string Join(const std::vector<std::string>& parts, std::string_view sep = ", ");

// How a variable is spelled. The default uses the name hint; the program printer supplies its
// uniquified names.
using VarNamer = std::function<std::string(const Var*)>;

std::string ExprToString(const ExprPtr& e, const VarNamer& namer = nullptr);
std::string TypeToString(const TypePtr& t, const VarNamer& namer = nullptr);
// "[128, 64]"
std::string ShapeToString(const std::vector<ExprPtr>& shape, const VarNamer& namer = nullptr);
std::string AttrValueToString(const AttrValue& v);
// Shortest text that reads back to the same double, with ".0" when it would look like an int.
std::string FloatToString(double v);

}  // namespace tilesplit::ir
