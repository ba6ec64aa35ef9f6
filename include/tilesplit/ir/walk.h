// The statement-walk toolkit: the one place that knows which statements hold other statements.
// Passes, analyses and the simulator walk statement trees through these functions instead of
// switching on StmtKind themselves, so that a new statement kind is handled here once and every
// walk agrees on whether it enters scopes (`with pl.at(...)`) and split regions (`pl.split_aiv`).
//
// The walks see statements only. Expressions and types are the visitor's (visitor.h); rebuilding
// whole trees with expression rewrites is the mutator's (mutator.h).
#pragma once

#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

#include "tilesplit/ir/stmt.h"

namespace tilesplit::ir {

// Which nested bodies a walk enters. Loops, ifs and sequences are always entered; scopes and split
// regions are entered unless the walk says otherwise (a pass that treats a scope as opaque, an
// analysis of the code around a region).
struct WalkOptions {
  bool into_scopes = true;
  bool into_regions = true;
};
inline constexpr WalkOptions kWalkAll{};
inline constexpr WalkOptions kWalkOutsideRegions{.into_scopes = true, .into_regions = false};
inline constexpr WalkOptions kWalkOutsideScopes{.into_scopes = false, .into_regions = false};

// What a pre-order callback tells the walk after seeing a statement.
enum class WalkStep : uint8_t {
  Descend,       // go on into the statement's bodies
  SkipChildren,  // do not enter this statement's bodies; go on with its siblings
  Stop,          // end the whole walk
};

// A statement with no nested statements: assignment, evaluation, return, yield (the kinds of
// shape Leaf in node_kinds.h).
inline bool IsLeafStmt(const Stmt& s) {
  return FactsOf(s.kind).shape == StmtShape::Leaf;
}

// The shape and gate of a node class, at compile time.
template <typename T>
inline constexpr StmtShape kShapeOf = FactsOf(T::kKind).shape;
template <typename T>
inline constexpr StmtGate kGateOf = FactsOf(T::kKind).gate;

// Whether a walk with options `o` enters the bodies of a kind with gate `g`.
constexpr bool Enters(WalkOptions o, StmtGate g) {
  switch (g) {
    case StmtGate::Always:
      return true;
    case StmtGate::IntoScopes:
      return o.into_scopes;
    case StmtGate::IntoRegions:
      return o.into_regions;
  }
  return true;
}

// ---- Typed dispatch: one handler per statement kind, chosen by the compiler.

// An overload set built from lambdas: Overloaded{[](const AssignStmt& a) {...}, ...}.
template <typename... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <typename... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

// Calls f with `s` as its concrete statement (const AssignStmt&, const ForStmt&, ...) and returns
// what f returns. f is an overload set with a handler per kind, or with a generic handler
// (`[](const auto&)`) for the kinds it treats alike. A dataflow walk whose kinds mean different
// things dispatches here instead of switching on StmtKind: the handlers read the node's own
// fields without casts, and a kind no handler accepts fails to compile, so a new statement kind
// is named at every dispatch.
template <typename F>
std::invoke_result_t<F&, const AssignStmt&> VisitStmtKind(const Stmt& s, F&& f) {
  switch (s.kind) {
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  case StmtKind::Kind:                                            \
    return f(static_cast<const Class&>(s));
    TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  }
  __builtin_unreachable();  // every kind returned above
}

// The body of a loop, scope or region: of any kind of shape OneBody (null for any other kind).
inline const StmtPtr* SingleBody(const Stmt& s) {
  return VisitStmtKind(s, []<typename T>([[maybe_unused]] const T& n) -> const StmtPtr* {
    if constexpr (kShapeOf<T> == StmtShape::OneBody)
      return &n.body;
    else
      return nullptr;
  });
}

// What the two loop kinds share: the carried values in, the body, the values out. Walks that
// follow loop carries (dataflow over iter args) treat `for` and `while` alike through it.
struct LoopParts {
  const std::vector<IterArg>* iter_args;
  const StmtPtr* body;
  const std::vector<VarPtr>* return_vars;
};
// The parts of a `for` or `while`; nullopt for any other kind.
inline std::optional<LoopParts> AsLoop(const Stmt& s) {
  if (const ForStmt* f = s.As<ForStmt>())
    return LoopParts{&f->iter_args, &f->body, &f->return_vars};
  if (const WhileStmt* w = s.As<WhileStmt>())
    return LoopParts{&w->iter_args, &w->body, &w->return_vars};
  return std::nullopt;
}

// Calls f(child) for each statement directly nested in `s`, in program order: the elements of a
// sequence, the body of a loop, the then and else bodies of an if, the body of a scope or region
// when `o` enters it. Absent bodies (an if without else) are skipped. f may return void, or bool
// where false stops the iteration; ForEachChild returns false when f stopped it.
template <typename F>
bool ForEachChild(const Stmt& s, WalkOptions o, F&& f) {
  auto call = [&f](const StmtPtr& c) -> bool {
    if (!c) return true;
    if constexpr (std::is_void_v<std::invoke_result_t<F&, const StmtPtr&>>) {
      f(c);
      return true;
    } else {
      return static_cast<bool>(f(c));
    }
  };
  // Each kind by its shape (node_kinds.h); a body behind a gate only when `o` enters it.
  return VisitStmtKind(s, [&]<typename T>([[maybe_unused]] const T& n) -> bool {
    constexpr StmtShape shape = kShapeOf<T>;
    if (!Enters(o, kGateOf<T>)) return true;
    if constexpr (shape == StmtShape::Sequence) {
      for (const StmtPtr& c : n.stmts)
        if (!call(c)) return false;
      return true;
    } else if constexpr (shape == StmtShape::OneBody) {
      return call(n.body);
    } else if constexpr (shape == StmtShape::Branches) {
      return call(n.then_body) && call(n.else_body);
    } else {
      static_assert(shape == StmtShape::Leaf);
      return true;
    }
  });
}

// Calls f(e) for each expression a leaf statement evaluates: an assignment's value, an
// evaluated expression, the returned values and, when `yields` is set, the yielded values. f may
// return bool, false to stop; returns false when f stopped.
template <typename F>
bool ForEachLeafExpr(const Stmt& s, bool yields, F&& f) {
  auto call = [&f](const ExprPtr& e) -> bool {
    if constexpr (std::is_void_v<std::invoke_result_t<F&, const ExprPtr&>>) {
      f(e);
      return true;
    } else {
      return static_cast<bool>(f(e));
    }
  };
  if (const AssignStmt* a = s.As<AssignStmt>()) return call(a->value);
  if (const EvalStmt* e = s.As<EvalStmt>()) return call(e->expr);
  const std::vector<ExprPtr>* values = nullptr;
  if (const ReturnStmt* r = s.As<ReturnStmt>()) values = &r->values;
  if (const YieldStmt* y = s.As<YieldStmt>(); y && yields) values = &y->values;
  if (values)
    for (const ExprPtr& e : *values)
      if (!call(e)) return false;
  return true;
}

namespace walk_detail {
template <typename F>
bool PreOrder(const StmtPtr& s, WalkOptions o, F& f) {
  if (!s) return true;
  if constexpr (std::is_void_v<std::invoke_result_t<F&, const StmtPtr&>>) {
    f(s);
  } else {
    WalkStep step = f(s);
    if (step == WalkStep::Stop) return false;
    if (step == WalkStep::SkipChildren) return true;
  }
  return ForEachChild(*s, o, [&](const StmtPtr& c) { return PreOrder(c, o, f); });
}
}  // namespace walk_detail

// Visits `s` and every statement nested in it (per `o`) in pre-order, program order. f returns
// void (visit everything) or a WalkStep. Returns false when f stopped the walk.
template <typename F>
bool ForEachStmt(const StmtPtr& s, WalkOptions o, F&& f) {
  return walk_detail::PreOrder(s, o, f);
}

// The first statement in pre-order (per `o`) for which pred holds, or null.
template <typename Pred>
StmtPtr FirstStmt(const StmtPtr& s, WalkOptions o, Pred&& pred) {
  StmtPtr found;
  ForEachStmt(s, o, [&](const StmtPtr& c) {
    if (!pred(c)) return WalkStep::Descend;
    found = c;
    return WalkStep::Stop;
  });
  return found;
}

// Whether pred holds for some statement of `s` (per `o`).
template <typename Pred>
bool AnyStmt(const StmtPtr& s, WalkOptions o, Pred&& pred) {
  return FirstStmt(s, o, std::forward<Pred>(pred)) != nullptr;
}

// The first statement of a given kind, e.g. FirstOfKind<ScopeStmt>(body, kWalkAll).
template <typename T>
const T* FirstOfKind(const StmtPtr& s, WalkOptions o) {
  StmtPtr found = FirstStmt(s, o, [](const StmtPtr& c) { return c->kind == T::kKind; });
  return found ? static_cast<const T*>(found.get()) : nullptr;
}

// ---- Node builders: a copy of a statement with new bodies and everything else kept (span, loop
// header, return vars). Each returns `s` itself when the new bodies are the old ones, so a
// rewrite that changes nothing keeps sharing the tree.

// A loop, scope or region with `body` in place of its body. `s` must be one of those kinds.
StmtPtr WithBody(const StmtPtr& s, StmtPtr body);
// An if with new branches (else may be null when the if has no return vars).
StmtPtr WithBranches(const StmtPtr& s, StmtPtr then_body, StmtPtr else_body);
// A sequence with new elements.
StmtPtr WithStmts(const StmtPtr& s, std::vector<StmtPtr> stmts);

// Rebuilds `s` with each directly nested statement c (as ForEachChild lists them) replaced by
// fn(c). Leaves, and bodies `o` does not enter, are kept. The building block of rewrites that
// change a few kinds of statement and keep the structure around them: call it from fn's default
// case to descend.
StmtPtr MapChildren(const StmtPtr& s, WalkOptions o,
                    const std::function<StmtPtr(const StmtPtr&)>& fn);

}  // namespace tilesplit::ir
