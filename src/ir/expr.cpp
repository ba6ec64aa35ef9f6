#include "tilesplit/ir/expr.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/eval.h"

namespace tilesplit::ir {
namespace {

std::string DTName(DataType dt) {
  return std::string(DataTypeName(dt));
}

bool IsNumeric(DataType dt) {
  return IsInteger(dt) || IsFloat(dt);
}

// INDEX and INT64 are both 64-bit signed and mix without a cast (dsl.md 6.2).
bool MixFreely(DataType a, DataType b) {
  return (a == DataType::INDEX || a == DataType::INT64) &&
         (b == DataType::INDEX || b == DataType::INT64);
}

// Wider bit width wins; a tie keeps the left dtype.
DataType PromoteScalar(DataType a, DataType b) {
  return DataTypeBits(b) > DataTypeBits(a) ? b : a;
}

ExprPtr CastIfNeeded(const ExprPtr& e, DataType from, DataType to) {
  if (from == to || MixFreely(from, to)) return e;
  return std::make_shared<Cast>(e, MakeScalarType(to), e->span);
}

DataType RequireScalar(const ExprPtr& e, std::string_view what, Span span) {
  auto dt = ScalarDType(e);
  if (!dt) ThrowUser(span, "operand of '" + std::string(what) + "' must be a scalar");
  return *dt;
}

std::optional<ExprPtr> FoldInt(BinaryOp op, int64_t a, int64_t b, DataType dt, Span span) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
    case BinaryOp::Min:
    case BinaryOp::Max:
      break;
    default:
      return std::nullopt;
  }
  // A division by the constant zero was refused before folding: nothing else leaves no value.
  const std::optional<int64_t> r = EvalIntBinary(op, a, b);
  if (!r)
    ThrowUser(span,
              "integer overflow while folding constant '" + std::string(BinaryOpText(op)) + "'");
  // A value outside a narrower dtype wraps at run time: the operation stays.
  if (!FitsIntDType(*r, dt)) return std::nullopt;
  return MakeConstInt(*r, dt, span);
}

// Folded as the interpreter computes it (EvalFloatBinary): a folded constant and a computed one
// agree bit for bit.
std::optional<ExprPtr> FoldFloat(BinaryOp op, double a, double b, DataType dt, Span span) {
  const std::optional<float> r = EvalFloatBinary(op, static_cast<float>(a), static_cast<float>(b));
  if (!r) return std::nullopt;
  return MakeConstFloat(*r, dt, span);
}

}  // namespace

bool IsComparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt || op == BinaryOp::Le ||
         op == BinaryOp::Gt || op == BinaryOp::Ge;
}
bool IsLogical(BinaryOp op) {
  return op == BinaryOp::And || op == BinaryOp::Or;
}

std::string_view BinaryOpText(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Sub:
      return "-";
    case BinaryOp::Mul:
      return "*";
    case BinaryOp::FloorDiv:
      return "//";
    case BinaryOp::FloorMod:
      return "%";
    case BinaryOp::FloatDiv:
      return "/";
    case BinaryOp::Min:
      return "pl.min";
    case BinaryOp::Max:
      return "pl.max";
    case BinaryOp::Eq:
      return "==";
    case BinaryOp::Ne:
      return "!=";
    case BinaryOp::Lt:
      return "<";
    case BinaryOp::Le:
      return "<=";
    case BinaryOp::Gt:
      return ">";
    case BinaryOp::Ge:
      return ">=";
    case BinaryOp::And:
      return "and";
    case BinaryOp::Or:
      return "or";
  }
  return "?";
}

VarPtr MakeVar(std::string name, TypePtr type, Span span) {
  return std::make_shared<Var>(std::move(name), std::move(type), span);
}

ExprPtr MakeConstInt(int64_t v, DataType dt, Span span) {
  if (span.valid()) return std::make_shared<ConstInt>(v, MakeScalarType(dt), span);
  // Location-less constants (shape dims and offsets built by deducers and passes) are shared per
  // thread: they repeat constantly, and sharing them lets tile types with equal shapes intern
  // (MakeTileType). The table is bounded; values beyond it get fresh nodes.
  thread_local std::unordered_map<uint64_t, ExprPtr> cache;
  const uint64_t key = (static_cast<uint64_t>(v) << 8) | static_cast<uint8_t>(dt);
  if (v >= -(int64_t{1} << 40) && v < (int64_t{1} << 40)) {
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    ExprPtr c = std::make_shared<ConstInt>(v, MakeScalarType(dt), span);
    if (cache.size() < 4096) cache.emplace(key, c);
    return c;
  }
  return std::make_shared<ConstInt>(v, MakeScalarType(dt), span);
}

ExprPtr MakeConstFloat(double v, DataType dt, Span span) {
  return std::make_shared<ConstFloat>(v, MakeScalarType(dt), span);
}

ExprPtr MakeConstBool(bool v, Span span) {
  return std::make_shared<ConstBool>(v, MakeScalarType(DataType::BOOL), span);
}

// Two constants of which one is a float, or two integers under '/', fold as Python folds them:
// PyPTO evaluates a module constant's arithmetic in Python before the program is built, so
// `1.0 / HIDDEN` is the float 0.0078125 and `HIDDEN / 2` the float 64.0. A float result takes the
// float operand's dtype (FP32 for two integers).
std::optional<ExprPtr> FoldMixedConstants(BinaryOp op, const ExprPtr& a, const ExprPtr& b,
                                          DataType da, DataType db, Span span) {
  if (IsComparison(op) || !IsNumeric(da) || !IsNumeric(db)) return std::nullopt;
  if (IsFloat(da) == IsFloat(db) && !(op == BinaryOp::FloatDiv && !IsFloat(da)))
    return std::nullopt;
  auto value = [](const ExprPtr& e) -> std::optional<double> {
    if (const ConstInt* c = e->As<ConstInt>()) return static_cast<double>(c->value);
    if (const ConstFloat* c = e->As<ConstFloat>()) return c->value;
    return std::nullopt;
  };
  const std::optional<double> x = value(a), y = value(b);
  if (!x || !y) return std::nullopt;
  if (*y == 0.0 &&
      (op == BinaryOp::FloatDiv || op == BinaryOp::FloorDiv || op == BinaryOp::FloorMod))
    ThrowUser(span, "division by the constant zero in '" + std::string(BinaryOpText(op)) + "'",
              {{{}, "use a non-zero divisor"}});
  const DataType ft = IsFloat(da) ? da : IsFloat(db) ? db : DataType::FP32;
  return FoldFloat(op, *x, *y, ft, span);
}

ExprPtr MakeBinary(BinaryOp op, ExprPtr a, ExprPtr b, Span span) {
  const std::string what(BinaryOpText(op));
  DataType da = RequireScalar(a, what, span.valid() ? span : a->span);
  DataType db = RequireScalar(b, what, span.valid() ? span : b->span);
  if (IsLogical(op)) {
    if (da != DataType::BOOL || db != DataType::BOOL)
      ThrowUser(span, "operands of '" + what + "' must be BOOL, got " + DTName(da) + " and " +
                          DTName(db));
    return std::make_shared<Binary>(op, std::move(a), std::move(b), MakeScalarType(DataType::BOOL),
                                    span);
  }
  if (std::optional<ExprPtr> folded = FoldMixedConstants(op, a, b, da, db, span)) return *folded;
  if (!IsNumeric(da) || !IsNumeric(db) || IsFloat(da) != IsFloat(db))
    ThrowUser(span,
              "operands of '" + what + "' must be two integers or two floats, got " + DTName(da) +
                  " and " + DTName(db),
              {{{}, "cast one operand (pl.cast) so that both are integers or both floats"}});
  if (op == BinaryOp::FloatDiv && !IsFloat(da))
    ThrowUser(span, "'/' divides floats only; use '//' for integers",
              {{{}, "use '//' to divide integers"}});
  if (op == BinaryOp::FloorDiv || op == BinaryOp::FloorMod || op == BinaryOp::FloatDiv) {
    auto zi = AsConstInt(b);
    const ConstFloat* zf = b->As<ConstFloat>();
    if ((zi && *zi == 0) || (zf && zf->value == 0.0))
      ThrowUser(span, "division by the constant zero in '" + what + "'",
                {{{}, "use a non-zero divisor"}});
  }
  const DataType rt = PromoteScalar(da, db);
  if (!IsComparison(op)) {
    if (const ConstInt* ca = a->As<ConstInt>())
      if (const ConstInt* cb = b->As<ConstInt>())
        if (auto f = FoldInt(op, ca->value, cb->value, rt, span)) return *f;
    if (const ConstFloat* fa = a->As<ConstFloat>())
      if (const ConstFloat* fb = b->As<ConstFloat>())
        if (auto f = FoldFloat(op, fa->value, fb->value, rt, span)) return *f;
  }
  a = CastIfNeeded(a, da, rt);
  b = CastIfNeeded(b, db, rt);
  TypePtr type = IsComparison(op) ? MakeScalarType(DataType::BOOL) : MakeScalarType(rt);
  return std::make_shared<Binary>(op, std::move(a), std::move(b), std::move(type), span);
}

ExprPtr MakeUnary(UnaryOp op, ExprPtr a, Span span) {
  DataType da = RequireScalar(a, op == UnaryOp::Neg ? "-" : "not", span);
  if (op == UnaryOp::Not) {
    if (da != DataType::BOOL) ThrowUser(span, "operand of 'not' must be BOOL, got " + DTName(da));
    return std::make_shared<Unary>(op, std::move(a), MakeScalarType(DataType::BOOL), span);
  }
  if (!IsNumeric(da)) ThrowUser(span, "operand of unary '-' must be numeric, got " + DTName(da));
  if (const ConstInt* c = a->As<ConstInt>()) {
    if (c->value == std::numeric_limits<int64_t>::min())
      ThrowUser(span, "integer overflow while folding constant '-'");
    return MakeConstInt(-c->value, da, span);
  }
  if (const ConstFloat* c = a->As<ConstFloat>()) return MakeConstFloat(-c->value, da, span);
  TypePtr t = a->type;
  return std::make_shared<Unary>(op, std::move(a), std::move(t), span);
}

ExprPtr MakeCast(ExprPtr v, DataType dt, Span span) {
  RequireScalar(v, "pl.cast", span);
  return std::make_shared<Cast>(std::move(v), MakeScalarType(dt), span);
}

namespace {
AttrMap SortedByKey(AttrMap attrs) {
  std::sort(attrs.begin(), attrs.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return attrs;
}
}  // namespace

ExprPtr MakeCall(const OpBase* op, std::vector<ExprPtr> args, AttrMap kwargs, TypePtr type,
                 Span span, AttrMap attrs) {
  return std::make_shared<Call>(op, std::move(args), std::move(kwargs), std::move(type), span,
                                SortedByKey(std::move(attrs)));
}

ExprPtr MakeFunctionCall(std::string callee, std::vector<ExprPtr> args, TypePtr type, Span span,
                         AttrMap attrs, std::optional<TaskLaunch> task) {
  return std::make_shared<FunctionCall>(std::move(callee), std::move(args), std::move(type), span,
                                        SortedByKey(std::move(attrs)), std::move(task));
}

ExprPtr WithCallAttrs(const ExprPtr& e, AttrMap attrs) {
  if (const Call* c = e ? e->As<Call>() : nullptr)
    return MakeCall(c->op, c->args, c->kwargs, c->type, c->span, std::move(attrs));
  if (const FunctionCall* f = e ? e->As<FunctionCall>() : nullptr)
    return MakeFunctionCall(f->callee, f->args, f->type, f->span, std::move(attrs), f->task);
  return e;
}

TypePtr CallResultType(const std::vector<TypePtr>& return_types) {
  if (return_types.size() == 1) return return_types[0];
  return MakeTupleType(return_types);
}

TypePtr TaskCallResultType(const std::vector<TypePtr>& return_types) {
  std::vector<TypePtr> types = return_types;
  types.push_back(MakeScalarType(DataType::TASK_ID));
  return MakeTupleType(std::move(types));
}

ExprPtr MakeTupleExpr(std::vector<ExprPtr> elements, Span span) {
  std::vector<TypePtr> types;
  types.reserve(elements.size());
  for (const ExprPtr& e : elements) types.push_back(e->type);
  return std::make_shared<MakeTuple>(std::move(elements), MakeTupleType(std::move(types)), span);
}

ExprPtr MakeTupleGetItem(ExprPtr tuple, int index, Span span) {
  const TupleType* tt = tuple->type ? tuple->type->As<TupleType>() : nullptr;
  if (!tt) ThrowUser(span, "only a tuple can be indexed with [k]");
  if (index < 0 || static_cast<size_t>(index) >= tt->elements.size())
    ThrowUser(span, "tuple index " + std::to_string(index) + " out of range for a tuple of " +
                        std::to_string(tt->elements.size()) + " elements");
  TypePtr t = tt->elements[index];
  return std::make_shared<TupleGetItem>(std::move(tuple), index, std::move(t), span);
}

std::optional<int64_t> AsConstInt(const ExprPtr& e) {
  if (!e) return std::nullopt;
  if (const ConstInt* c = e->As<ConstInt>()) return c->value;
  return std::nullopt;
}

std::optional<DataType> ScalarDType(const ExprPtr& e) {
  if (!e || !e->type) return std::nullopt;
  if (const ScalarType* s = e->type->As<ScalarType>()) return s->dtype;
  return std::nullopt;
}

bool IsTileTyped(const ExprPtr& e) {
  return e && e->type && e->type->kind == TypeKind::Tile;
}

const TileType* AsTileType(const TypePtr& t) {
  return t ? t->As<TileType>() : nullptr;
}
const TileType* TileTypeOf(const ExprPtr& e) {
  return e ? AsTileType(e->type) : nullptr;
}

namespace {

bool AttrMapEqualUnordered(const AttrMap& a, const AttrMap& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [k, v] : a) {
    const AttrValue* o = FindAttr(b, k);
    if (!o || !AttrValueEqual(v, *o)) return false;
  }
  return true;
}

}  // namespace

bool ExprEqual(const ExprPtr& a, const ExprPtr& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
    case ExprKind::Var:
      return false;  // identity only
    case ExprKind::ConstInt: {
      // INDEX and INT64 denote the same constant (dsl.md 11).
      DataType da = *ScalarDType(a), db = *ScalarDType(b);
      return a->As<ConstInt>()->value == b->As<ConstInt>()->value &&
             (da == db || MixFreely(da, db));
    }
    case ExprKind::ConstFloat:
      return a->As<ConstFloat>()->value == b->As<ConstFloat>()->value &&
             TypeEqual(a->type, b->type);
    case ExprKind::ConstBool:
      return a->As<ConstBool>()->value == b->As<ConstBool>()->value;
    case ExprKind::Binary: {
      auto x = a->As<Binary>(), y = b->As<Binary>();
      return x->op == y->op && ExprEqual(x->lhs, y->lhs) && ExprEqual(x->rhs, y->rhs);
    }
    case ExprKind::Unary: {
      auto x = a->As<Unary>(), y = b->As<Unary>();
      return x->op == y->op && ExprEqual(x->operand, y->operand);
    }
    case ExprKind::Cast:
      return TypeEqual(a->type, b->type) && ExprEqual(a->As<Cast>()->value, b->As<Cast>()->value);
    case ExprKind::Call: {
      auto x = a->As<Call>(), y = b->As<Call>();
      return x->op == y->op && ExprListEqual(x->args, y->args) &&
             AttrMapEqualUnordered(x->kwargs, y->kwargs) && TypeEqual(x->type, y->type);
    }
    case ExprKind::MakeTuple:
      return ExprListEqual(a->As<MakeTuple>()->elements, b->As<MakeTuple>()->elements);
    case ExprKind::TupleGetItem: {
      auto x = a->As<TupleGetItem>(), y = b->As<TupleGetItem>();
      return x->index == y->index && ExprEqual(x->tuple, y->tuple);
    }
    case ExprKind::FunctionCall: {
      auto x = a->As<FunctionCall>(), y = b->As<FunctionCall>();
      if (x->task.has_value() != y->task.has_value()) return false;
      if (x->task && (x->task->allow_early_resolve != y->task->allow_early_resolve ||
                      !ExprListEqual(x->task->deps, y->task->deps)))
        return false;
      return x->callee == y->callee && ExprListEqual(x->args, y->args) &&
             TypeEqual(x->type, y->type);
    }
  }
  return false;
}

bool ExprListEqual(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!ExprEqual(a[i], b[i])) return false;
  return true;
}

bool TypeEqual(const TypePtr& a, const TypePtr& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
    case TypeKind::Scalar:
      return a->As<ScalarType>()->dtype == b->As<ScalarType>()->dtype;
    case TypeKind::Tensor: {
      auto x = a->As<TensorType>(), y = b->As<TensorType>();
      if (x->dtype != y->dtype || x->distributed != y->distributed ||
          !ExprListEqual(x->shape, y->shape))
        return false;
      if (x->view.has_value() != y->view.has_value()) return false;
      if (!x->view) return true;
      return ExprListEqual(x->view->valid_shape, y->view->valid_shape) &&
             ExprListEqual(x->view->stride, y->view->stride) &&
             x->view->layout == y->view->layout && x->view->pad == y->view->pad;
    }
    case TypeKind::Tile: {
      auto x = a->As<TileType>(), y = b->As<TileType>();
      if (x->dtype != y->dtype || x->memory != y->memory || !ExprListEqual(x->shape, y->shape))
        return false;
      if (x->view.has_value() != y->view.has_value()) return false;
      if (!x->view) return true;
      const TileView &v = *x->view, &w = *y->view;
      bool so = (!v.start_offset && !w.start_offset) ||
                (v.start_offset && w.start_offset && ExprEqual(v.start_offset, w.start_offset));
      return so && ExprListEqual(v.valid_shape, w.valid_shape) &&
             ExprListEqual(v.stride, w.stride) && v.blayout == w.blayout &&
             v.slayout == w.slayout && v.fractal == w.fractal && v.pad == w.pad &&
             v.compact == w.compact;
    }
    case TypeKind::Tuple: {
      auto x = a->As<TupleType>(), y = b->As<TupleType>();
      if (x->elements.size() != y->elements.size()) return false;
      for (size_t i = 0; i < x->elements.size(); ++i)
        if (!TypeEqual(x->elements[i], y->elements[i])) return false;
      return true;
    }
  }
  return false;
}

}  // namespace tilesplit::ir
