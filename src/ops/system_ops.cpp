#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

void RegisterSystemOps(OpRegistry& r) {}

}  // namespace tilesplit::ops
