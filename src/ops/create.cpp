// Building calls (ops.md 1.2) and the memory patch (ops.md 1.3).
#include <algorithm>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
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
    case KwargKind::TransportCode:  // an integer; its range is the deducer's to check
      return std::holds_alternative<int64_t>(v);
    case KwargKind::SplitMode:
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
      std::vector<std::string> names;
      for (const auto& s : op.kwargs()) {
        known += (known.empty() ? "" : ", ") + s.name;
        names.push_back(s.name);
      }
      std::vector<ir::Note> notes;
      if (std::string dym = ir::DidYouMean(k, names); !dym.empty()) notes.push_back({{}, dym});
      ir::ThrowUser(span,
                    op.name() + ": unknown kwarg '" + k + "'" +
                        (known.empty() ? " (the op takes no kwargs)" : " (known: " + known + ")"),
                    std::move(notes));
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
      ir::ThrowUser(
          span, op.name() + ": missing required kwarg '" + spec.name + "'",
          {{{},
            "add " + spec.name + "=... (a " + std::string(KwargKindName(spec.kind)) +
                ") to the call" +
                (spec.values.empty() ? std::string() : "; the valid values: " + spec.values)}});
    }
  }
  return ordered;
}

std::string MemName(ir::MemorySpace m) {
  return std::string(ir::MemorySpaceName(m));
}

std::string MemList(const std::vector<ir::MemorySpace>& ms) {
  std::string s;
  for (size_t i = 0; i < ms.size(); ++i)
    s += (i == 0 ? "" : i + 1 == ms.size() ? " or " : ", ") + MemName(ms[i]);
  return s;
}

// The sources from which the registry's transfer op (tile.move) reaches `target`.
std::vector<ir::MemorySpace> SourcesOf(ir::MemorySpace target, std::string* mover) {
  std::vector<ir::MemorySpace> out;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (!d->transfer_arg()) continue;
    for (const auto& [src, targets] : d->transfer_paths())
      if (std::find(targets.begin(), targets.end(), target) != targets.end() && src != target) {
        out.push_back(src);
        *mover = d->name();
      }
  }
  return out;
}

// ops.md 1.1 "input memory": an argument whose tile lives in a resolved space the op does not
// accept is the author's error (an unresolved space is left to the memory patch).
void CheckInputMemory(const OpDef& op, const std::vector<ExprPtr>& args, ir::Span span) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::vector<ir::MemorySpace>* allowed = op.allowed_input_memory(i);
    const ir::TileType* t = args[i] ? ir::AsTileType(args[i]->type) : nullptr;
    if (!allowed || !t || !t->memory) continue;
    if (std::find(allowed->begin(), allowed->end(), *t->memory) != allowed->end()) continue;
    const std::string an = i < op.args().size() ? op.args()[i].name : std::to_string(i);
    std::vector<ir::Note> notes;
    std::string mover;
    const ir::MemorySpace want = allowed->front();
    std::vector<ir::MemorySpace> from = SourcesOf(want, &mover);
    const bool direct = std::find(from.begin(), from.end(), *t->memory) != from.end();
    std::string note = "'" + an + "' must be a tile in " + MemList(*allowed) + "; ";
    if (direct)
      note += "move it there first: pl." + mover + "(" + Str(args[i]) + ", target_memory=pl.Mem." +
              MemName(want) + ")";
    else if (!from.empty())
      note += "a tile reaches " + MemName(want) + " only from " + MemList(from) + " (pl." + mover +
              "), so load or move the value into " + MemName(from.front()) + " first";
    else
      note += "produce it there";
    notes.push_back({{}, note});
    ir::ThrowUser(span,
                  op.name() + ": argument '" + an + "' is a tile in " + MemName(*t->memory) +
                      ", but the op reads it only from " + MemList(*allowed),
                  std::move(notes));
  }
}

// The operands a deferred contract will be met on: each tile in a space the op does not read
// from, typed as the move into its first readable space will leave it (infer-tile-memory-space
// inserts that move). The result is then deduced as it will be once the program is placed: an
// add over a matmul result reads the ND tile the Acc -> Vec path lands, not the cube's fractal
// layout. An operand no single move brings there is left as it is; the verifier reports it.
std::vector<ExprPtr> AsMovedIntoPlace(const OpDef& op, const std::vector<ExprPtr>& args) {
  std::vector<ExprPtr> out = args;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::vector<ir::MemorySpace>* allowed = op.allowed_input_memory(i);
    const ir::TileType* t = args[i] ? ir::AsTileType(args[i]->type) : nullptr;
    if (!allowed || allowed->empty() || !t || !t->memory ||
        std::find(allowed->begin(), allowed->end(), *t->memory) != allowed->end())
      continue;
    const Deduced moved = TryDeduceType(MemoryMoveOp(), {args[i]},
                                        MoveKwargs(*t->memory, allowed->front()), args[i]->span);
    if (!moved.ok()) continue;
    const auto* v = args[i]->As<ir::Var>();
    out[i] = ir::MakeVar(v ? v->name : "operand", moved.type, args[i]->span);
  }
  return out;
}

// A copy between memories: only the declared data paths exist. Runs after the deducer, whose
// messages about a target that is no tile space at all are the more precise.
void CheckTransferPath(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                       ir::Span span) {
  if (auto pos = op.transfer_arg(); pos && *pos < args.size() && args[*pos]) {
    const ir::TileType* t = ir::AsTileType(args[*pos]->type);
    if (!t || !t->memory) return;
    const auto& paths = op.transfer_paths();
    auto it = paths.find(*t->memory);
    const std::vector<ir::MemorySpace> none;
    const std::vector<ir::MemorySpace>& targets = it == paths.end() ? none : it->second;
    std::optional<ir::MemorySpace> target = op.ResolveOutputMemory(kwargs);
    if (!target || std::find(targets.begin(), targets.end(), *target) != targets.end()) return;
    const std::string an = *pos < op.args().size() ? op.args()[*pos].name : "argument";
    std::string note =
        targets.empty()
            ? "nothing moves out of " + MemName(*t->memory) + ": the cube reads it in place"
            : "from " + MemName(*t->memory) + " a tile moves only to " + MemList(targets);
    std::string mover;
    std::vector<ir::MemorySpace> from = SourcesOf(*target, &mover);
    if (!from.empty()) note += "; " + MemName(*target) + " is reached from " + MemList(from);
    note += targets.empty() ? "; use the tile where it is" : "; move the tile along these paths";
    ir::ThrowUser(span,
                  op.name() + ": no data path from " + MemName(*t->memory) + " to " +
                      MemName(*target) + " for argument '" + an + "'",
                  {{{}, note}});
  }
}

// Every static dim of a deduced tile or tensor is in [1, 2^31) and every static valid extent
// within its dim, whatever argument it came from (a shape tuple, a reshape, a broadcast).
void CheckGeometry(const OpDef& op, const TypePtr& t, ir::Span span) {
  if (!t) return;
  const std::vector<ExprPtr>* shape = nullptr;
  std::vector<ExprPtr> valid;
  if (const ir::TileType* tt = ir::AsTileType(t)) {
    shape = &tt->shape;
    valid = tt->valid();
  } else if (const auto* ts = t->As<ir::TensorType>()) {
    shape = &ts->shape;
    valid = ts->valid();
  } else if (const auto* tup = t->As<ir::TupleType>()) {
    for (const TypePtr& e : tup->elements) CheckGeometry(op, e, span);
    return;
  }
  if (!shape) return;
  for (size_t d = 0; d < shape->size(); ++d) {
    auto n = Static((*shape)[d]);
    if (n)
      if (std::string p = DimProblem(*n); !p.empty())
        ir::ThrowUser(
            span,
            op.name() + ": dimension " + std::to_string(d) + " of the result " + Str(t) + " " + p,
            {{{}, "give the op shapes whose static sizes are between 1 and 2^31 - 1"}});
    if (d < valid.size())
      if (auto v = Static(valid[d]))
        if (std::string p = ValidProblem(*v, n); !p.empty())
          ir::ThrowUser(span,
                        op.name() + ": valid extent " + std::to_string(d) + " of the result " +
                            Str(t) + " " + p,
                        {{{}, "give the op valid extents between 0 and the dimension"}});
  }
}

// The call as the registry declares it: `tile.load(tensor, offsets, shapes, *, target_memory=Mem)`.
std::string Signature(const OpDef& op) {
  std::string s = op.name() + "(";
  for (size_t i = 0; i < op.args().size(); ++i)
    s += (i ? ", " : "") + op.args()[i].name + (op.args()[i].optional ? "?" : "");
  if (op.is_variadic()) s += ", ...";
  if (!op.kwargs().empty()) {
    s += op.args().empty() ? "*" : ", *";
    for (const KwargSpec& k : op.kwargs())
      s += ", " + k.name + "=" + std::string(KwargKindName(k.kind)) + (k.required ? "" : "?");
  }
  return s + ")";
}

// A deducer's message names what is wrong; when it gives no note, the note is the op's rule
// (its signature and documentation), the thing the call must be changed to meet.
ir::UserError WithRuleNote(const OpDef& op, const ir::UserError& e) {
  if (!e.notes().empty()) return e;
  std::string note = "change the call to meet " + Signature(op);
  if (!op.documentation().empty()) note += ": " + op.documentation();
  return e.WithNote(note);
}

TypePtr RunDeducer(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                   ir::Span span) {
  if (!op.deducer()) ir::ThrowInternal(span, "op " + op.name() + " has no deducer");
  CallInfo info{op, args, kwargs};
  try {
    return op.deducer()(info);
  } catch (const ir::UserError& e) {
    throw WithRuleNote(op, e.WithSpanIfMissing(span));
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
  // The space an op writes is its own (a fixed space or its kwarg's), whatever space a deducer
  // copied from an operand: a call built with its contract deferred over an operand in the wrong
  // space (a matmul result fed to a vector op, before infer-tile-memory-space moves it) still
  // writes where the parser reading it back says it does.
  const std::optional<ir::MemorySpace> writes = op.ResolveOutputMemory(kwargs);
  auto needs = [&](const TypePtr& t) {
    const ir::TileType* tt = ir::AsTileType(t);
    return tt && (!tt->memory || (writes && *tt->memory != *writes));
  };
  bool any = needs(deduced);
  if (const auto* tup = deduced->As<ir::TupleType>())
    any = std::any_of(tup->elements.begin(), tup->elements.end(), needs);
  if (!any) return deduced;

  std::optional<ir::MemorySpace> x = writes;
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
  CheckInputMemory(op, present, span);
  TypePtr t = RunDeducer(op, present, ordered, span);
  CheckTransferPath(op, present, ordered, span);
  CheckGeometry(op, t, span);
  return ApplyMemoryPatch(op, present, ordered, std::move(t));
}

// The one place a deducer's refusal is caught and turned into a value: deducers report through
// CallInfo::Fail (a UserError from whatever helper found the fault, however deep), and every
// caller that only asks reads the answer here.
Deduced TryDeduceType(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                      ir::Span span) {
  try {
    return {DeduceType(op, args, kwargs, span), std::nullopt};
  } catch (const ir::UserError& e) {
    return {nullptr, e};
  }
}

const TypePtr& Deduced::TypeOrThrow() const {
  if (error) throw *error;
  return type;
}

ExprPtr Create(const OpDef& op, std::vector<ExprPtr> args, AttrMap kwargs, ir::Span span,
               MemoryContract contract) {
  try {
    CheckArity(op, args, span);
    AttrMap ordered = CheckKwargs(op, kwargs, span);
    args = TrimTrailingNulls(std::move(args));
    const bool enforce = contract == MemoryContract::Enforce;
    if (enforce) CheckInputMemory(op, args, span);
    TypePtr t = RunDeducer(op, enforce ? args : AsMovedIntoPlace(op, args), ordered, span);
    if (enforce) CheckTransferPath(op, args, ordered, span);
    CheckGeometry(op, t, span);
    t = ApplyMemoryPatch(op, args, ordered, std::move(t));
    return ir::MakeCall(&op, std::move(args), std::move(ordered), std::move(t), span);
  } catch (const ir::UserError& e) {
    throw WithRuleNote(op, e);
  }
}

ExprPtr Create(std::string_view name, std::vector<ExprPtr> args, AttrMap kwargs, ir::Span span,
               MemoryContract contract) {
  const OpDef* op = FindOp(name);
  if (!op) ir::ThrowUser(span, "unknown operator '" + std::string(name) + "'");
  return Create(*op, std::move(args), std::move(kwargs), span, contract);
}

void CheckMemoryContract(const ir::Call& call) {
  const OpDef& op = Def(call);
  try {
    CheckInputMemory(op, call.args, call.span);
    CheckTransferPath(op, call.args, call.kwargs, call.span);
  } catch (const ir::UserError& e) {
    throw WithRuleNote(op, e);
  }
}

void CheckMemoryContracts(const std::shared_ptr<const ir::Stmt>& body) {
  struct Contracts : ir::IRVisitor {
    void VisitCall(const ir::Call& c) override {
      ir::IRVisitor::VisitCall(c);
      CheckMemoryContract(c);
    }
  };
  Contracts().VisitStmt(body);
}

ExprPtr CreateWithType(const OpDef& op, std::vector<ExprPtr> args, AttrMap kwargs, TypePtr type,
                       ir::Span span) {
  CheckArity(op, args, span);
  AttrMap ordered = CheckKwargs(op, kwargs, span);
  args = TrimTrailingNulls(std::move(args));
  return ir::MakeCall(&op, std::move(args), std::move(ordered), std::move(type), span);
}

}  // namespace tilesplit::ops
