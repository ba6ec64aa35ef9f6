// The integer evaluator of index expressions (eval.h).
#include "tilesplit/ir/eval.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tilesplit::ir {

std::optional<float> EvalFloatBinary(BinaryOp op, float a, float b) {
  switch (op) {
    case BinaryOp::Add:
      return a + b;
    case BinaryOp::Sub:
      return a - b;
    case BinaryOp::Mul:
      return a * b;
    case BinaryOp::FloatDiv:
      return a / b;
    case BinaryOp::FloorDiv:
      return std::floor(a / b);
    case BinaryOp::FloorMod:
      return a - std::floor(a / b) * b;
    // The first operand unless the second is strictly smaller (larger): NaN in the first stays.
    case BinaryOp::Min:
      return b < a ? b : a;
    case BinaryOp::Max:
      return a < b ? b : a;
    default:
      return std::nullopt;
  }
}

std::optional<int64_t> EvalIntBinary(BinaryOp op, int64_t a, int64_t b) {
  int64_t r = 0;
  switch (op) {
    case BinaryOp::Add:
      if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
      return r;
    case BinaryOp::Sub:
      if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
      return r;
    case BinaryOp::Mul:
      if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
      return r;
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod: {
      if (b == 0) return std::nullopt;
      if (b == -1) {  // a / -1 overflows for the smallest a; a % -1 is 0 (a % -1 is UB there)
        if (op == BinaryOp::FloorMod) return 0;
        if (a == std::numeric_limits<int64_t>::min()) return std::nullopt;
        return -a;
      }
      int64_t q = a / b;
      if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
      return op == BinaryOp::FloorDiv ? q : a - q * b;
    }
    case BinaryOp::Min:
      return std::min(a, b);
    case BinaryOp::Max:
      return std::max(a, b);
    default:
      return std::nullopt;
  }
}

bool FitsIntDType(int64_t v, DataType dt) {
  if (!IsInteger(dt)) return false;
  const int bits = DataTypeBits(dt);
  if (bits >= 64) return dt == DataType::INDEX || IsSigned(dt) || v >= 0;
  if (bits <= 0) return false;
  if (IsSigned(dt)) return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
  return v >= 0 && v < (int64_t{1} << bits);
}

std::optional<bool> EvalIntCompare(BinaryOp op, int64_t a, int64_t b) {
  switch (op) {
    case BinaryOp::Eq:
      return a == b;
    case BinaryOp::Ne:
      return a != b;
    case BinaryOp::Lt:
      return a < b;
    case BinaryOp::Le:
      return a <= b;
    case BinaryOp::Gt:
      return a > b;
    case BinaryOp::Ge:
      return a >= b;
    default:
      return std::nullopt;
  }
}

std::optional<int64_t> EvalInt(const ExprPtr& e, const IntBinding& bind) {
  if (!e) return std::nullopt;
  switch (e->kind) {
    case ExprKind::ConstInt:
      return e->As<ConstInt>()->value;
    case ExprKind::Var:
      return bind ? bind(*e->As<Var>()) : std::nullopt;
    case ExprKind::Cast:
      return EvalInt(e->As<Cast>()->value, bind);
    case ExprKind::Unary: {
      const Unary* u = e->As<Unary>();
      auto a = EvalInt(u->operand, bind);
      if (!a || u->op != UnaryOp::Neg || *a == std::numeric_limits<int64_t>::min())
        return std::nullopt;
      return -*a;
    }
    case ExprKind::Binary: {
      const Binary* b = e->As<Binary>();
      auto x = EvalInt(b->lhs, bind);
      if (!x) return std::nullopt;
      auto y = EvalInt(b->rhs, bind);
      if (!y) return std::nullopt;
      return EvalIntBinary(b->op, *x, *y);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace tilesplit::ir
