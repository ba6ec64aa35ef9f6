// Building calls (ops.md 1.2) and the memory patch (ops.md 1.3).
#include <algorithm>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

namespace {

[[noreturn]] void Fail(const OpDef& op, ir::Span span, const std::string& msg) {
  ir::ThrowUser(span, op.name() + ": " + msg);
}

bool KindMatches(KwargKind kind, const AttrValue& v) {
  switch (kind) {
    case KwargKind::Int:
      return std::holds_alternative<int64_t>(v) || std::holds_alternative<ir::SplitMode>(v);
    case KwargKind::Bool:
      return std::holds_alternative<bool>(v);
    case KwargKind::Float:
      return std::holds_alternative<double>(v) || std::holds_alternative<int64_t>(v);
    case KwargKind::String:
      return std::holds_alternative<std::string>(v);
    case KwargKind::DType:
      return std::holds_alternative<ir::DataType>(v);
    case KwargKind::Mem:
      return std::holds_alternative<ir::MemorySpace>(v);
    case KwargKind::Layout:
      return std::holds_alternative<ir::TileLayout>(v);
    case KwargKind::Pad:
      return std::holds_alternative<ir::PadValue>(v);
  }
  return false;
}

void CheckArity(const OpDef& op, const std::vector<ExprPtr>& args, ir::Span span) {
  // Trailing absent optional arguments may be given as null; count what is present.
  size_t n = args.size();
  while (n > 0 && !args[n - 1]) --n;
  for (size_t i = 0; i < n; ++i) {
    if (!args[i]) {
      std::string an = i < op.args().size() ? op.args()[i].name : std::to_string(i);
      Fail(op, span, "argument '" + an + "' is missing but a later argument is given");
    }
  }
  size_t lo = op.min_args(), hi = op.max_args();
  if (n < lo || n > hi) {
    std::string want =
        lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    Fail(op, span,
         "expects " + want + " positional argument" + (hi == 1 ? "" : "s") + ", got " +
             std::to_string(n));
  }
}

// Validates kwargs against the schema and returns them in the declared order.
AttrMap CheckKwargs(const OpDef& op, const AttrMap& kwargs, ir::Span span) {
  for (size_t i = 0; i < kwargs.size(); ++i) {
    const auto& [k, v] = kwargs[i];
    const KwargSpec* spec = op.find_kwarg(k);
    if (!spec) {
      std::string known;
      for (const auto& s : op.kwargs()) known += (known.empty() ? "" : ", ") + s.name;
      Fail(op, span,
           "unknown kwarg '" + k + "'" +
               (known.empty() ? " (the op takes no kwargs)" : " (known: " + known + ")"));
    }
    if (!KindMatches(spec->kind, v))
      Fail(op, span,
           "kwarg '" + k + "' must be a " + std::string(KwargKindName(spec->kind)) + ", got " +
               ir::AttrValueToString(v));
    for (size_t j = 0; j < i; ++j)
      if (kwargs[j].first == k) Fail(op, span, "kwarg '" + k + "' given twice");
  }
  AttrMap ordered;
  ordered.reserve(kwargs.size());
  for (const auto& spec : op.kwargs()) {
    const AttrValue* v = ir::FindAttr(kwargs, spec.name);
    if (v) {
      ordered.emplace_back(spec.name, *v);
    } else if (spec.required) {
      Fail(op, span, "missing required kwarg '" + spec.name + "'");
    }
  }
  return ordered;
}

TypePtr RunDeducer(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                   ir::Span span) {
  if (!op.deducer()) ir::ThrowInternal(span, "op " + op.name() + " has no deducer");
  CallInfo info{op, args, kwargs};
  try {
    return op.deducer()(info);
  } catch (const ir::UserError& e) {
    throw e.WithSpanIfMissing(span);
  }
}

std::vector<ExprPtr> TrimTrailingNulls(std::vector<ExprPtr> args) {
  while (!args.empty() && !args.back()) args.pop_back();
  return args;
}

}  // namespace

TypePtr ApplyMemoryPatch(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                         TypePtr deduced) {
  if (!deduced) return deduced;
  auto needs = [](const TypePtr& t) {
    const ir::TileType* tt = ir::AsTileType(t);
    return tt && !tt->memory;
  };
  bool any = needs(deduced);
  if (const auto* tup = deduced->As<ir::TupleType>())
    any = std::any_of(tup->elements.begin(), tup->elements.end(), needs);
  if (!any) return deduced;

  std::optional<ir::MemorySpace> x = op.ResolveOutputMemory(kwargs);
  if (!x) {
    for (const auto& a : args) {
      const ir::TileType* t = a ? ir::AsTileType(a->type) : nullptr;
      if (t && t->memory) {
        x = t->memory;
        break;
      }
    }
  }
  if (!x) return deduced;
  auto patch = [&](const TypePtr& t) -> TypePtr {
    if (!needs(t)) return t;
    return ir::WithMemory(*ir::AsTileType(t), *x);
  };
  if (const auto* tup = deduced->As<ir::TupleType>()) {
    std::vector<TypePtr> elems;
    elems.reserve(tup->elements.size());
    for (const auto& e : tup->elements) elems.push_back(patch(e));
    return ir::MakeTupleType(std::move(elems));
  }
  return patch(deduced);
}

TypePtr DeduceType(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                   ir::Span span) {
  CheckArity(op, args, span);
  AttrMap ordered = CheckKwargs(op, kwargs, span);
  std::vector<ExprPtr> present = TrimTrailingNulls(args);
  TypePtr t = RunDeducer(op, present, ordered, span);
  return ApplyMemoryPatch(op, present, ordered, std::move(t));
}

ExprPtr Create(const OpDef& op, std::vector<ExprPtr> args, AttrMap kwargs, ir::Span span) {
  CheckArity(op, args, span);
  AttrMap ordered = CheckKwargs(op, kwargs, span);
  args = TrimTrailingNulls(std::move(args));
  TypePtr t = RunDeducer(op, args, ordered, span);
  t = ApplyMemoryPatch(op, args, ordered, std::move(t));
  return ir::MakeCall(&op, std::move(args), std::move(ordered), std::move(t), span);
}

ExprPtr Create(std::string_view name, std::vector<ExprPtr> args, AttrMap kwargs, ir::Span span) {
  const OpDef* op = FindOp(name);
  if (!op) ir::ThrowUser(span, "unknown operator '" + std::string(name) + "'");
  return Create(*op, std::move(args), std::move(kwargs), span);
}

ExprPtr CreateWithType(const OpDef& op, std::vector<ExprPtr> args, AttrMap kwargs, TypePtr type,
                       ir::Span span) {
  CheckArity(op, args, span);
  AttrMap ordered = CheckKwargs(op, kwargs, span);
  args = TrimTrailingNulls(std::move(args));
  return ir::MakeCall(&op, std::move(args), std::move(ordered), std::move(type), span);
}

}  // namespace tilesplit::ops
