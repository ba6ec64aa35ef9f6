// Shared declarations of the tilesplit._core extension. Each Bind* function registers one part
// of the C++ API; module.cpp calls them in dependency order (enums before the classes using them).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <vector>

#include "tilesplit/ir/attr.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::python {

namespace py = pybind11;

// IR nodes are shared_ptr<const T> in C++. pybind11 holders cannot be const, so the classes are
// registered with shared_ptr<T> holders and every node crosses the boundary through Mut(); the
// bindings expose read-only accessors only, so constness is still never violated.
template <typename T>
std::shared_ptr<T> Mut(const std::shared_ptr<const T>& p) {
  return std::const_pointer_cast<T>(p);
}

// PyPTO's UnknownType: the "type" of a call that yields no value (tpush, tfree, notify). Not an
// ir::Type: tilesplit gives such a call no type at all; this marker is how Python sees that.
struct UnknownTypeMarker {};

// A dict in the map's order (kwargs keep the op's declared order, attrs are sorted by key).
py::dict AttrsToDict(const ir::AttrMap& attrs);
// Dimensions as Python values: a constant dimension is an int, any other an Expr.
py::list DimsToList(const std::vector<ir::ExprPtr>& dims);
// Expressions as a list of Expr objects (downcast to their concrete classes).
py::list ExprsToList(const std::vector<ir::ExprPtr>& exprs);
// The statements of a body with nested SeqStmts flattened.
py::list FlattenedStmts(const ir::StmtPtr& body);

// The checks a program built by hand from Python must pass before a pass or the simulator walks
// it, beyond what each constructor validated: the rules the parser enforces across functions
// (the CallsValid property: every call names a function of the program, stands in an Opaque,
// Orchestration or Group function, and the call graph is acyclic). A violation is the located
// UserError of the verifier; None is a TypeError naming `what`.
void CheckProgramArg(const std::shared_ptr<ir::Program>& program, const char* what);

// While it lives, the passes' warnings (pass::EmitWarning) become Python UserWarnings, rendered
// as the CLI renders them (FILE:LINE:COL: warning: ..., the source line, the notes). A filter
// that turns warnings into errors raises out of the pass.
class PythonWarnings : public pass::WarningSink {
 public:
  PythonWarnings() : scope_(this) {}
  void Emit(const pass::Warning& w) override;

 private:
  pass::WarningScope scope_;
};

void BindErrors(py::module_& m);
void BindEnums(py::module_& m);
void BindTypes(py::module_& m);
void BindExprs(py::module_& m);
void BindStmts(py::module_& m);
void BindProgram(py::module_& m);
void BindDsl(py::module_& m);
void BindPasses(py::module_& m);
void BindSim(py::module_& m);  // sets _core.HAS_SIM
// Constructors on the classes above and the expression builders (after BindProgram).
void BindBuilders(py::module_& m);

}  // namespace tilesplit::python
