#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

void RegisterGatherScatterOps(OpRegistry& r) {}

}  // namespace tilesplit::ops
