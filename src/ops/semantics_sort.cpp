// Semantics of compare and sort (ops.md 2.7). Both ops have hardware-specific output formats
// (packed count rows, merge-sort record layouts) that the simulator does not model; executing one
// is a located error rather than a silently invented result.
#include "tilesplit/ops/semantics.h"

namespace tilesplit::ops {

void RegisterSortSemantics(SemanticsTable& t) {
  for (const char* name : {"tile.gather_compare", "tile.mrgsort_format2"})
    t.Register(name, [](OpCall& c) -> Value {
      c.Fail("is not executed by the simulator (its packed output format is not modelled)");
    });
}

}  // namespace tilesplit::ops
