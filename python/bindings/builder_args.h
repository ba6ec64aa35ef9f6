// The Python-argument converters of the IR builders (builders.cpp), shared with the rebuild of a
// statement from replaced fields (stmt_rebuild.cpp): a Python value becomes the node, list or
// iter args the library's factories take, or a TypeError naming the argument.
#pragma once

#include <memory>
#include <vector>

#include "bindings.h"
#include "tilesplit/ir/stmt.h"
#include "validate.h"

namespace tilesplit::python {

using ExprHolder = std::shared_ptr<ir::Expr>;
using StmtHolder = std::shared_ptr<ir::Stmt>;
using TypeHolder = std::shared_ptr<ir::Type>;

ir::ExprPtr ToExpr(py::handle h, const Arg& a);
std::vector<ir::ExprPtr> ToExprs(const py::handle& seq, const Arg& a);
StmtHolder ToStmt(py::handle h, const Arg& a, bool optional = false);
std::vector<ir::IterArg> ToIterArgs(const py::handle& seq, const Arg& a);

// `_core.with_stmt_fields` (stmt_rebuild.cpp).
void BindStmtRebuild(py::module_& m);

}  // namespace tilesplit::python
