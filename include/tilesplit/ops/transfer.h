// The staging tile of a bulk transfer between ranks (pld.tensor.put / pld.tensor.get, PyPTO's
// guide distributed/02-primitives.md "Put and Get"): the moved window flattened to [rows, cols],
// each extent capped by its chunk kwarg (0: the whole extent), one tile, or two (ping and pong)
// under pipeline=True. The deducer refuses a call whose stage cannot be sized; the tensor op's
// tile form (TileForm::Kind::Transfer) creates the tiles this plan gives.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "tilesplit/ir/attr.h"
#include "tilesplit/ir/expr.h"

namespace tilesplit::ops {

struct StagePlan {
  int64_t rows = 0;
  int64_t cols = 0;
  int count = 1;  // 2 under pipeline=True
};

// Why a call has no plan, and what the author can change.
struct StageProblem {
  std::string message;
  std::string fix;
};

// The plan for a call (dst, peer, src[, dst_offsets, src_offsets, shape]) with these kwargs, or
// why there is none (a dynamic extent without its chunk, pipeline without both chunks, no shape
// given while dst and src differ in shape).
std::variant<StagePlan, StageProblem> PlanStage(const std::vector<ir::ExprPtr>& args,
                                                const ir::AttrMap& kwargs);

}  // namespace tilesplit::ops
