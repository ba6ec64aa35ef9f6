// What the stages of ExpandMixedKernel hand each other: the two sides a mixed kernel splits into,
// each side's statements, and the pipe traffic the crossings make.
#pragma once

#include <cstdint>
#include <vector>

#include "tilesplit/ir/stmt.h"

namespace tilesplit::expand_mixed {

enum class Side { AIC, AIV };

// Each side's statements with the crossings folded and the releases placed.
struct Sides {
  std::vector<ir::StmtPtr> aic, aiv;
};

// The largest tile each pipe carries, in bytes (0 when a size is only known at run time); the
// Group's attrs size the pipes' slots with them.
struct PipeTraffic {
  int64_t c2v_bytes = 0;
  int64_t v2c_bytes = 0;
};

}  // namespace tilesplit::expand_mixed
