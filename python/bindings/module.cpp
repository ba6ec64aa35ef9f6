// Entry point of tilesplit._core, the native half of the `tilesplit` Python package. The pure
// Python modules in python/tilesplit/ wrap it; nothing here is meant to be imported directly.
#include "bindings.h"

PYBIND11_MODULE(_core, m) {
  namespace tp = tilesplit::python;
  m.doc() = "Native bindings of the tilesplit compiler (use the `tilesplit` package instead).";
  tp::BindErrors(m);
  tp::BindEnums(m);
  tp::BindTypes(m);
  tp::BindExprs(m);
  tp::BindStmts(m);
  tp::BindProgram(m);
  tp::BindBuilders(m);
  tp::BindDsl(m);
  tp::BindPasses(m);
  tp::BindSim(m);
}
