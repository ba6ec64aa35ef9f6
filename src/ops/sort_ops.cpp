#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

void RegisterSortOps(OpRegistry& r) {}

}  // namespace tilesplit::ops
