// IR expressions. Nodes are immutable, shared, and carry their type and source span. Variables
// have identity: two Var nodes with the same name are different variables.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "tilesplit/ir/attr.h"
#include "tilesplit/ir/node_kinds.h"
#include "tilesplit/ir/span.h"
#include "tilesplit/ir/type.h"

namespace tilesplit::ir {

// The IR knows an operator only by identity and name; everything else about it (schema,
// deduction, memory, affinity, semantics) lives in the ops/ registry, whose OpDef derives from
// this class.
class OpBase {
 public:
  explicit OpBase(std::string name) : name_(std::move(name)) {}
  virtual ~OpBase() = default;
  const std::string& name() const { return name_; }
  // Whether this is a registry definition (an ops::OpDef) rather than a bare op; lets the layers
  // above downcast without a dynamic_cast on every call they classify.
  bool registered() const { return registered_; }
  // The declared name of positional argument `i`, or empty; lets IR-level text spell a
  // keyword-bound argument without knowing the registry.
  virtual std::string ArgName(size_t i) const { return {}; }

 protected:
  OpBase(std::string name, bool registered) : name_(std::move(name)), registered_(registered) {}

 private:
  std::string name_;
  bool registered_ = false;
};

// One enumerator per kind of node_kinds.h, in its order.
enum class ExprKind : uint8_t {
#define TILESPLIT_X(Kind) Kind,
  TILESPLIT_EXPR_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
};

class Expr {
 public:
  Expr(ExprKind k, TypePtr t, Span s) : kind(k), type(std::move(t)), span(s) {}
  virtual ~Expr() = default;
  const ExprKind kind;
  const TypePtr type;
  const Span span;

  template <typename T>
  const T* As() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
};

class Var : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::Var;
  Var(std::string name, TypePtr t, Span s) : Expr(kKind, std::move(t), s), name(std::move(name)) {}
  const std::string name;  // a hint: the printer makes names unique
};
using VarPtr = std::shared_ptr<const Var>;

class ConstInt : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::ConstInt;
  ConstInt(int64_t v, TypePtr t, Span s) : Expr(kKind, std::move(t), s), value(v) {}
  const int64_t value;
};

class ConstFloat : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::ConstFloat;
  ConstFloat(double v, TypePtr t, Span s) : Expr(kKind, std::move(t), s), value(v) {}
  const double value;
};

class ConstBool : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::ConstBool;
  ConstBool(bool v, TypePtr t, Span s) : Expr(kKind, std::move(t), s), value(v) {}
  const bool value;
};

enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  FloorDiv,
  FloorMod,
  FloatDiv,
  Min,
  Max,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
};
bool IsComparison(BinaryOp op);
bool IsLogical(BinaryOp op);
// The DSL spelling of the operator: "+", "//", "and", "pl.min", ...
std::string_view BinaryOpText(BinaryOp op);

class Binary : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::Binary;
  Binary(BinaryOp o, ExprPtr a, ExprPtr b, TypePtr t, Span s)
      : Expr(kKind, std::move(t), s), op(o), lhs(std::move(a)), rhs(std::move(b)) {}
  const BinaryOp op;
  const ExprPtr lhs, rhs;
};

enum class UnaryOp : uint8_t { Neg, Not };

class Unary : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::Unary;
  Unary(UnaryOp o, ExprPtr a, TypePtr t, Span s)
      : Expr(kKind, std::move(t), s), op(o), operand(std::move(a)) {}
  const UnaryOp op;
  const ExprPtr operand;
};

// Scalar conversion; the target dtype is the node's ScalarType.
class Cast : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::Cast;
  Cast(ExprPtr v, TypePtr t, Span s) : Expr(kKind, std::move(t), s), value(std::move(v)) {}
  const ExprPtr value;
  DataType dtype() const { return type->As<ScalarType>()->dtype; }
};

// A call of a registered operator. Built by ops::Create (which deduces the type) or, for a pass
// that knows the result type, by MakeCall with an explicit type.
//
// `attrs` are annotations of the call site that are not operands of the op: a pass's private
// provenance for a later pass (ConvertTensorToTileOps marks the Mat loads it bridged, which
// InferTileMemorySpace reads and strips). The op's semantics never read them; they are printed
// (`attrs={...}`), parsed back and compared like kwargs, and the IRMutator carries them through a
// rebuilt call. Kept sorted by key.
class Call : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::Call;
  Call(const OpBase* o, std::vector<ExprPtr> a, AttrMap kw, TypePtr t, Span s, AttrMap at = {})
      : Expr(kKind, std::move(t), s),
        op(o),
        args(std::move(a)),
        kwargs(std::move(kw)),
        attrs(std::move(at)) {}
  const OpBase* const op;
  const std::string& op_name() const { return op->name(); }
  const std::vector<ExprPtr> args;
  const AttrMap kwargs;  // in the op's declared order
  const AttrMap attrs;   // call-site annotations, sorted by key (see above)
};

class MakeTuple : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::MakeTuple;
  MakeTuple(std::vector<ExprPtr> e, TypePtr t, Span s)
      : Expr(kKind, std::move(t), s), elements(std::move(e)) {}
  const std::vector<ExprPtr> elements;
};

class TupleGetItem : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::TupleGetItem;
  TupleGetItem(ExprPtr t, int i, TypePtr ty, Span s)
      : Expr(kKind, std::move(ty), s), tuple(std::move(t)), index(i) {}
  const ExprPtr tuple;
  const int index;
};

// A call of another function of the same program, by name, with positional arguments. Its type
// is the callee's result: the one return type, a TupleType of several, or the empty TupleType
// when the callee returns nothing (such a call can only stand as a statement). The callee is
// named rather than pointed to so that a pass may rebuild either function independently; the
// name is resolved against the program (Program::Find) where the callee is needed.
//
// A call launched as a named task (`pl.submit(self.f, ...)`, PyPTO's ir.Submit; a scope written
// `with pl.at(...) as tid` or with deps= outlines to one) carries a TaskLaunch: the task ids it
// waits for and the early-resolve hint. Its type is the callee's results followed by
// Scalar[TASK_ID], as one flat tuple (TaskCallResultType). It computes what the plain call does:
// the launch says only how the runtime may schedule it (docs/task-model.md).
struct TaskLaunch {
  std::vector<ExprPtr> deps;  // Scalar[TASK_ID] values bound earlier
  bool allow_early_resolve = false;
};

class FunctionCall : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::FunctionCall;
  FunctionCall(std::string c, std::vector<ExprPtr> a, TypePtr t, Span s, AttrMap at = {},
               std::optional<TaskLaunch> tl = std::nullopt)
      : Expr(kKind, std::move(t), s),
        callee(std::move(c)),
        args(std::move(a)),
        attrs(std::move(at)),
        task(std::move(tl)) {}
  const std::string callee;
  const std::vector<ExprPtr> args;
  const AttrMap attrs;                   // call-site annotations, sorted by key (as Call::attrs)
  const std::optional<TaskLaunch> task;  // set for a submitted call (see above)
};

// ---- Typed dispatch: one handler per expression kind, chosen by the compiler.

// Calls f with `e` as its concrete node (const Var&, const Call&, ...) and returns what f
// returns. f is an overload set (ir::Overloaded{...}, walk.h) with a handler per kind, or a
// generic handler (`[](const auto&)`) for the kinds it treats alike: code outside the IR
// dispatches here instead of switching on ExprKind, and a kind no handler accepts does not
// compile, so a new expression kind is named at every dispatch (node_kinds.h).
template <typename F>
std::invoke_result_t<F&, const Var&> VisitExprKind(const Expr& e, F&& f) {
  switch (e.kind) {
#define TILESPLIT_X(Kind) \
  case ExprKind::Kind:    \
    return f(static_cast<const Kind&>(e));
    TILESPLIT_EXPR_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  }
  __builtin_unreachable();  // every kind returned above
}

// Calls f(const ExprPtr&) on each operand of `e` (the expressions it is computed from: a
// binary's two sides, a call's arguments, a tuple's elements, ...) in evaluation order; a
// variable and a constant have none. Stops at the first call returning true and returns whether
// one did.
template <typename F>
bool AnyOperand(const Expr& e, F&& f) {
  auto any = [&](const std::vector<ExprPtr>& v) {
    for (const ExprPtr& x : v)
      if (f(x)) return true;
    return false;
  };
  return VisitExprKind(e, [&]<typename T>(const T& n) -> bool {
    if constexpr (std::is_same_v<T, Binary>)
      return f(n.lhs) || f(n.rhs);
    else if constexpr (std::is_same_v<T, Unary>)
      return f(n.operand);
    else if constexpr (std::is_same_v<T, Cast>)
      return f(n.value);
    else if constexpr (std::is_same_v<T, Call>)
      return any(n.args);
    else if constexpr (std::is_same_v<T, FunctionCall>)
      return any(n.args) || (n.task && any(n.task->deps));
    else if constexpr (std::is_same_v<T, MakeTuple>)
      return any(n.elements);
    else if constexpr (std::is_same_v<T, TupleGetItem>)
      return f(n.tuple);
    else
      return false;  // Var, ConstInt, ConstFloat, ConstBool
  });
}

// Whether `e` or any expression it is computed from (transitively) satisfies `pred(const Expr&)`,
// tested pre-order.
template <typename Pred>
bool AnyExpr(const ExprPtr& e, Pred&& pred) {
  if (!e) return false;
  if (pred(*e)) return true;
  return AnyOperand(*e, [&](const ExprPtr& x) { return AnyExpr(x, pred); });
}

// ---- Construction. Arithmetic builders type-check (dsl.md 6.2), insert promotion casts and
// fold constant operands (dsl.md 6.3); they throw UserError on ill-typed operands.
VarPtr MakeVar(std::string name, TypePtr type, Span span = {});
ExprPtr MakeConstInt(int64_t v, DataType dt = DataType::INDEX, Span span = {});
ExprPtr MakeConstFloat(double v, DataType dt = DataType::FP32, Span span = {});
ExprPtr MakeConstBool(bool v, Span span = {});
ExprPtr MakeBinary(BinaryOp op, ExprPtr a, ExprPtr b, Span span = {});
ExprPtr MakeUnary(UnaryOp op, ExprPtr a, Span span = {});
ExprPtr MakeCast(ExprPtr v, DataType dt, Span span = {});
ExprPtr MakeCall(const OpBase* op, std::vector<ExprPtr> args, AttrMap kwargs, TypePtr type,
                 Span span = {}, AttrMap attrs = {});
ExprPtr MakeTupleExpr(std::vector<ExprPtr> elements, Span span = {});
ExprPtr MakeFunctionCall(std::string callee, std::vector<ExprPtr> args, TypePtr type,
                         Span span = {}, AttrMap attrs = {},
                         std::optional<TaskLaunch> task = std::nullopt);
// `e` with call-site attrs `attrs` (a Call or FunctionCall; any other expression is returned as
// is): how a pass that rebuilds a call through ops::Create keeps the annotations of the old one.
ExprPtr WithCallAttrs(const ExprPtr& e, AttrMap attrs);
// The type of a call of a function returning `return_types` (see FunctionCall).
TypePtr CallResultType(const std::vector<TypePtr>& return_types);
// The type of a submitted call of such a function: its results, then Scalar[TASK_ID].
TypePtr TaskCallResultType(const std::vector<TypePtr>& return_types);
ExprPtr MakeTupleGetItem(ExprPtr tuple, int index, Span span = {});

// Shorthands used by passes to build index arithmetic.
inline ExprPtr Add(ExprPtr a, ExprPtr b) {
  return MakeBinary(BinaryOp::Add, a, b);
}
inline ExprPtr Sub(ExprPtr a, ExprPtr b) {
  return MakeBinary(BinaryOp::Sub, a, b);
}
inline ExprPtr Mul(ExprPtr a, ExprPtr b) {
  return MakeBinary(BinaryOp::Mul, a, b);
}
inline ExprPtr Min(ExprPtr a, ExprPtr b) {
  return MakeBinary(BinaryOp::Min, a, b);
}
inline ExprPtr Max(ExprPtr a, ExprPtr b) {
  return MakeBinary(BinaryOp::Max, a, b);
}
inline ExprPtr Index(int64_t v) {
  return MakeConstInt(v);
}

// ---- Queries.
std::optional<int64_t> AsConstInt(const ExprPtr& e);
inline bool IsConstInt(const ExprPtr& e, int64_t v) {
  auto c = AsConstInt(e);
  return c && *c == v;
}
std::optional<DataType> ScalarDType(const ExprPtr& e);  // dtype of a scalar-typed expression
bool IsTileTyped(const ExprPtr& e);
const TileType* AsTileType(const TypePtr& t);
const TileType* TileTypeOf(const ExprPtr& e);

// Structural equality of two expressions with variables compared by identity. This is the
// "provably equal" of the deducers; alpha-equivalence lives in dsl/structural_equal.
bool ExprEqual(const ExprPtr& a, const ExprPtr& b);
bool ExprListEqual(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b);
bool TypeEqual(const TypePtr& a, const TypePtr& b);  // identity on variables inside shapes

}  // namespace tilesplit::ir
