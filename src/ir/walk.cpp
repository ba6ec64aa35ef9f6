// Node builders and MapChildren of the statement-walk toolkit (walk.h).
#include "tilesplit/ir/walk.h"

#include <memory>

#include "tilesplit/ir/error.h"

namespace tilesplit::ir {

namespace {

// A copy of a node of shape OneBody with a new body, everything else kept: one overload per such
// kind (WithBody below fails to compile for a OneBody kind without one).
StmtPtr Rebuilt(const ForStmt& f, StmtPtr body) {
  return std::make_shared<ForStmt>(f.loop_var, f.start, f.stop, f.step, f.for_kind, f.stage,
                                   f.iter_args, std::move(body), f.return_vars, f.span);
}
StmtPtr Rebuilt(const WhileStmt& w, StmtPtr body) {
  return std::make_shared<WhileStmt>(w.cond, w.iter_args, std::move(body), w.return_vars, w.span);
}
StmtPtr Rebuilt(const ScopeStmt& sc, StmtPtr body) {
  return std::make_shared<ScopeStmt>(sc.level, sc.optimizations, sc.name_hint,
                                     sc.allow_early_resolve, std::move(body), sc.span, sc.task_id,
                                     sc.deps);
}
StmtPtr Rebuilt(const SplitAivStmt& r, StmtPtr body) {
  return std::make_shared<SplitAivStmt>(r.mode, std::move(body), r.span);
}
StmtPtr Rebuilt(const SpmdScopeStmt& sp, StmtPtr body) {
  return std::make_shared<SpmdScopeStmt>(sp.core_num, sp.name_hint, sp.allow_early_resolve,
                                         std::move(body), sp.span);
}

}  // namespace

StmtPtr WithBody(const StmtPtr& s, StmtPtr body) {
  const StmtPtr* old = s ? SingleBody(*s) : nullptr;
  TS_INTERNAL_CHECK_SPAN(old, s ? s->span : Span{}, "WithBody: the statement has no single body");
  if (*old == body) return s;
  return VisitStmtKind(*s, [&]<typename T>([[maybe_unused]] const T& n) -> StmtPtr {
    if constexpr (kShapeOf<T> == StmtShape::OneBody)
      return Rebuilt(n, std::move(body));
    else
      ThrowInternal(s->span, "WithBody: the statement has no single body");
  });
}

StmtPtr WithBranches(const StmtPtr& s, StmtPtr then_body, StmtPtr else_body) {
  const IfStmt* i = s ? s->As<IfStmt>() : nullptr;
  TS_INTERNAL_CHECK_SPAN(i, s ? s->span : Span{}, "WithBranches: not an if");
  if (i->then_body == then_body && i->else_body == else_body) return s;
  return std::make_shared<IfStmt>(i->cond, std::move(then_body), std::move(else_body),
                                  i->return_vars, i->span);
}

StmtPtr WithStmts(const StmtPtr& s, std::vector<StmtPtr> stmts) {
  const SeqStmts* q = s ? s->As<SeqStmts>() : nullptr;
  TS_INTERNAL_CHECK_SPAN(q, s ? s->span : Span{}, "WithStmts: not a sequence");
  if (q->stmts == stmts) return s;
  return std::make_shared<SeqStmts>(std::move(stmts), q->span);
}

StmtPtr MapChildren(const StmtPtr& s, WalkOptions o,
                    const std::function<StmtPtr(const StmtPtr&)>& fn) {
  if (!s) return s;
  auto map = [&fn](const StmtPtr& c) { return c ? fn(c) : c; };
  // Each kind by its shape (node_kinds.h); a body behind a gate `o` does not enter is kept.
  return VisitStmtKind(*s, [&]<typename T>([[maybe_unused]] const T& n) -> StmtPtr {
    constexpr StmtShape shape = kShapeOf<T>;
    if (!Enters(o, kGateOf<T>)) return s;
    if constexpr (shape == StmtShape::Sequence) {
      std::vector<StmtPtr> out;
      out.reserve(n.stmts.size());
      for (const StmtPtr& c : n.stmts) out.push_back(map(c));
      return WithStmts(s, std::move(out));
    } else if constexpr (shape == StmtShape::OneBody) {
      return WithBody(s, map(n.body));
    } else if constexpr (shape == StmtShape::Branches) {
      return WithBranches(s, map(n.then_body), map(n.else_body));
    } else {
      static_assert(shape == StmtShape::Leaf);
      return s;
    }
  });
}

}  // namespace tilesplit::ir
