// Semantics of MX quantisation (ops.md 2.8). The shapes and dtypes of these ops are this
// project's design around two spec facts; there is no reference numeric contract to simulate, so
// executing one is a located error.
#include "tilesplit/ops/semantics.h"

namespace tilesplit::ops {

void RegisterQuantSemantics(SemanticsTable& t) {
  for (const char* name : {"tile.tquant_mx", "tile.tquant_mx_raw"})
    t.Register(name, [](OpCall& c) -> Value {
      c.Fail("is not executed by the simulator (no numeric contract is specified)");
    });
}

}  // namespace tilesplit::ops
