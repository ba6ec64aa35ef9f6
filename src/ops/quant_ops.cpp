#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

void RegisterQuantOps(OpRegistry& r) {}

}  // namespace tilesplit::ops
