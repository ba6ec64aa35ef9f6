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

// `a op b` for a comparison operator (== != < <= > >=) on 64-bit integers; nullopt for any other
// operator. The simplify pass folds integer comparisons with it.
std::optional<bool> EvalIntCompare(BinaryOp op, int64_t a, int64_t b);

// `a op b` on float scalars (+ - * / // % min max), as the simulator's scalar unit computes
// them: both operands rounded to FP32, the operation in FP32 (a narrower dtype rounds the result
// where it is stored). Constant folding (MakeBinary) and the interpreter both evaluate with it, so
// a folded constant and the same expression computed at run time agree bit for bit (a fold in
// double would not: 16777217.0 + 1.0 is 16777218 in double, 16777216 in FP32). nullopt for an
// operator that is not float arithmetic.
std::optional<float> EvalFloatBinary(BinaryOp op, float a, float b);

// Whether `v` is a value of the integer dtype `dt` (INDEX and INT64: any; INT8: -128..127;
// UINT8: 0..255; ...); false for a dtype that is not an integer. A fold whose value does not fit
// its dtype would hide the wrap-around the operation has at run time, so it is not folded.
bool FitsIntDType(int64_t v, DataType dt);

// The value a variable has, or nullopt when it is unknown.
using IntBinding = std::function<std::optional<int64_t>(const Var&)>;

// The integer value of `e` with its variables bound by `bind` (null: no variable is known);
// nullopt when a part is unknown, not integer arithmetic, or overflows.
std::optional<int64_t> EvalInt(const ExprPtr& e, const IntBinding& bind = nullptr);

}  // namespace tilesplit::ir
