#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

void RegisterReductionOps(OpRegistry& r) {}

}  // namespace tilesplit::ops
