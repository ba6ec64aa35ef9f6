// SplitVectorKernel's no-split dual-dispatch arm (no_split_replay.cpp).
#pragma once

#include "tilesplit/ir/function.h"

namespace tilesplit::pass {

// The AIV function `f` (dual_aiv_dispatch, no split) with its body run by lane 0 and replayed by
// lane 1 on empty tiles: `subblock_idx = get_subblock_idx()`, the pipe set-up both lanes share,
// then `if subblock_idx == 0: <body> else: <replay>`, then the return.
ir::FunctionPtr ReplayNoSplitOnLane1(const ir::Function& f);

}  // namespace tilesplit::pass
