// Node builders and MapChildren of the statement-walk toolkit (walk.h).
#include "tilesplit/ir/walk.h"

#include <memory>

#include "tilesplit/ir/error.h"

namespace tilesplit::ir {

StmtPtr WithBody(const StmtPtr& s, StmtPtr body) {
  const StmtPtr* old = s ? SingleBody(*s) : nullptr;
  TS_INTERNAL_CHECK_SPAN(old, s ? s->span : Span{}, "WithBody: the statement has no single body");
  if (*old == body) return s;
  switch (s->kind) {
    case StmtKind::For: {
      const auto& f = static_cast<const ForStmt&>(*s);
      return std::make_shared<ForStmt>(f.loop_var, f.start, f.stop, f.step, f.for_kind, f.stage,
                                       f.iter_args, std::move(body), f.return_vars, f.span);
    }
    case StmtKind::While: {
      const auto& w = static_cast<const WhileStmt&>(*s);
      return std::make_shared<WhileStmt>(w.cond, w.iter_args, std::move(body), w.return_vars,
                                         w.span);
    }
    case StmtKind::Scope: {
      const auto& sc = static_cast<const ScopeStmt&>(*s);
      return std::make_shared<ScopeStmt>(sc.level, sc.optimizations, sc.name_hint,
                                         sc.allow_early_resolve, std::move(body), sc.span);
    }
    case StmtKind::SplitAiv: {
      const auto& r = static_cast<const SplitAivStmt&>(*s);
      return std::make_shared<SplitAivStmt>(r.mode, std::move(body), r.span);
    }
    default:
      break;
  }
  ThrowInternal(s->span, "WithBody: the statement has no single body");
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
  switch (s->kind) {
    case StmtKind::Seq: {
      const auto& q = static_cast<const SeqStmts&>(*s);
      std::vector<StmtPtr> out;
      out.reserve(q.stmts.size());
      for (const StmtPtr& c : q.stmts) out.push_back(map(c));
      return WithStmts(s, std::move(out));
    }
    case StmtKind::For:
    case StmtKind::While:
      return WithBody(s, map(*SingleBody(*s)));
    case StmtKind::Scope:
      return o.into_scopes ? WithBody(s, map(*SingleBody(*s))) : s;
    case StmtKind::SplitAiv:
      return o.into_regions ? WithBody(s, map(*SingleBody(*s))) : s;
    case StmtKind::If: {
      const auto& i = static_cast<const IfStmt&>(*s);
      return WithBranches(s, map(i.then_body), map(i.else_body));
    }
    case StmtKind::Assign:
    case StmtKind::Eval:
    case StmtKind::Return:
    case StmtKind::Yield:
      return s;
  }
  return s;
}

}  // namespace tilesplit::ir
