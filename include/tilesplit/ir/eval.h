// The one integer evaluator of index expressions (constants, variables the caller binds, casts,
// negation, + - * // % min max). The split pass's checks, the memory-order proof and `explain`
// evaluate per-lane extents and addresses with it; constant folding in MakeBinary applies the
// same arithmetic (EvalIntBinary), so a folded constant and an evaluated one always agree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "tilesplit/ir/expr.h"

namespace tilesplit::ir {

// `a op b` on 64-bit integers with the IR's semantics (// and % round toward negative infinity):
// nullopt for an overflow, a division by zero, or an operator that is not integer arithmetic.
std::optional<int64_t> EvalIntBinary(BinaryOp op, int64_t a, int64_t b);

// The value a variable has, or nullopt when it is unknown.
using IntBinding = std::function<std::optional<int64_t>(const Var&)>;

// The integer value of `e` with its variables bound by `bind` (null: no variable is known);
// nullopt when a part is unknown, not integer arithmetic, or overflows.
std::optional<int64_t> EvalInt(const ExprPtr& e, const IntBinding& bind = nullptr);

}  // namespace tilesplit::ir
