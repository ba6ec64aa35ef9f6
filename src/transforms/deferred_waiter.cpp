// The deferred-completion waiter contract (deferred_waiter.h). The runtime resolves the waiter's
// task id once every registered condition holds and never resumes the kernel: what the body does
// after its first registration could not be observed by the dependents (a tensor read there would
// read state the conditions were meant to order), so only scalar bookkeeping may follow. The
// runtime also holds the conditions in a fixed table, hence the bound on their number, which
// must be known before the kernel runs (a registering loop has a constant trip count).
#include "deferred_waiter.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"

namespace tilesplit::pass {
namespace {

constexpr int64_t kMaxConditions = 64;
constexpr const char* kDeferWait = "pld.system.defer_wait";
constexpr const char* kTensorRead = "tensor.read";
const char* const kWho =
    "outline-incore-scopes: a deferred-completion waiter (a task calling "
    "pld.system.defer_wait)";

bool IsCallOf(const ir::ExprPtr& e, const char* name) {
  const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
  return c && c->op_name() == name;
}

// The first call of any kind inside `e` that satisfies `pred`, or null.
const ir::Expr* FindCall(const ir::ExprPtr& e, bool (*pred)(const ir::Expr&)) {
  struct Finder : ir::IRVisitor {
    bool (*pred)(const ir::Expr&);
    const ir::Expr* found = nullptr;
    void VisitCall(const ir::Call& c) override {
      if (!found && pred(c)) found = &c;
      ir::IRVisitor::VisitCall(c);
    }
    void VisitFunctionCall(const ir::FunctionCall& c) override {
      if (!found && pred(c)) found = &c;
      ir::IRVisitor::VisitFunctionCall(c);
    }
  } f;
  f.pred = pred;
  if (e) f.VisitExpr(e);
  return f.found;
}

bool IsTensorRead(const ir::Expr& e) {
  const ir::Call* c = e.As<ir::Call>();
  return c && c->op_name() == kTensorRead;
}
bool IsOtherCall(const ir::Expr& e) {
  const ir::Call* c = e.As<ir::Call>();
  return !c || c->op_name() != kTensorRead;
}

std::string CallName(const ir::Expr& e) {
  if (const ir::Call* c = e.As<ir::Call>()) return c->op_name();
  if (const ir::FunctionCall* f = e.As<ir::FunctionCall>()) return "self." + f->callee;
  return "a call";
}

bool IsPayload(const ir::TypePtr& t) {
  return t && t->kind != ir::TypeKind::Scalar;
}

class WaiterChecker {
 public:
  // The most conditions `s` may register, given whether a registration may already have run.
  int64_t Walk(const ir::StmtPtr& s) {
    if (!s) return 0;
    if (const auto* seq = s->As<ir::SeqStmts>()) {
      int64_t n = 0;
      for (const ir::StmtPtr& c : seq->stmts) n = Add(n, Walk(c));
      return n;
    }
    if (const auto* a = s->As<ir::AssignStmt>()) {
      RequireScalar(a->var, a->span);
      Value(a->value, a->span);
      return 0;
    }
    if (const auto* e = s->As<ir::EvalStmt>()) {
      if (IsCallOf(e->expr, kDeferWait)) {
        const ir::Call& c = *e->expr->As<ir::Call>();
        if (!c.args.empty() && !(c.args[0] && c.args[0]->As<ir::Var>()))
          ir::ThrowUser(c.span,
                        std::string(kWho) +
                            " registers on its signal tensor directly; this signal is " +
                            ir::ExprToString(c.args[0]),
                        {{{}, "pass the pld.DistributedTensor parameter itself as the signal"}});
        for (size_t i = 1; i < c.args.size(); ++i) Value(c.args[i], c.span);
        registered_ = true;
        return 1;
      }
      Value(e->expr, e->span);
      return 0;
    }
    if (const auto* y = s->As<ir::YieldStmt>()) {
      for (const ir::ExprPtr& v : y->values) Value(v, y->span);
      return 0;
    }
    if (const auto* f = s->As<ir::ForStmt>()) return Loop(*f);
    if (const auto* w = s->As<ir::WhileStmt>()) {
      for (const ir::IterArg& ia : w->iter_args) Carry(ia, w->span);
      Value(w->cond, w->span);
      const bool before = registered_;
      const int64_t n = Walk(w->body);
      if (n > 0)
        ir::ThrowUser(w->span,
                      std::string(kWho) +
                          " registers its conditions in loops with a statically known positive "
                          "trip count; this while loop's trip count is not known",
                      {{{}, "register in a pl.range loop with constant bounds"}});
      registered_ = before;
      return 0;
    }
    if (const auto* i = s->As<ir::IfStmt>()) {
      Value(i->cond, i->span);
      for (const ir::VarPtr& r : i->return_vars) RequireScalar(r, i->span);
      const bool before = registered_;
      const int64_t then_n = Walk(i->then_body);
      const bool then_reg = registered_;
      registered_ = before;
      const int64_t else_n = Walk(i->else_body);
      registered_ = registered_ || then_reg;
      return std::max(then_n, else_n);
    }
    if (s->As<ir::ReturnStmt>()) return 0;
    ir::ThrowUser(s->span,
                  std::string(kWho) +
                      " holds scalar bookkeeping, loops, branches and its "
                      "registrations only; this statement is not one of them",
                  {{{}, "move this work into another task that lists the waiter in deps="}});
  }

 private:
  static int64_t Add(int64_t a, int64_t b) { return std::min(a + b, kMaxConditions + 1); }
  static int64_t Mul(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    return a > (kMaxConditions + 1) / b ? kMaxConditions + 1 : std::min(a * b, kMaxConditions + 1);
  }

  void RequireScalar(const ir::VarPtr& v, ir::Span at) const {
    if (v && IsPayload(v->type))
      ir::ThrowUser(at,
                    std::string(kWho) + " cannot create or update payload tensors: '" + v->name +
                        "' is " + ir::TypeToString(v->type),
                    {{{},
                      "keep only scalars in the waiter; compute tensors in a task that lists "
                      "the waiter in deps="}});
  }

  void Carry(const ir::IterArg& ia, ir::Span at) {
    RequireScalar(ia.var, at);
    Value(ia.init, at);
  }

  // A value the body computes: scalar arithmetic, and tensor.read before the first registration.
  void Value(const ir::ExprPtr& e, ir::Span at) const {
    if (const ir::Expr* c = FindCall(e, IsOtherCall))
      ir::ThrowUser(c->span.valid() ? c->span : at,
                    std::string(kWho) +
                        " supports only a pre-registration tensor.read and scalar arithmetic "
                        "besides its registrations; this is a call of " +
                        CallName(*c),
                    {{{}, "compute the value in the task that feeds the waiter and pass it in"}});
    if (const ir::Expr* r = registered_ ? FindCall(e, IsTensorRead) : nullptr)
      ir::ThrowUser(r->span.valid() ? r->span : at,
                    std::string(kWho) +
                        " cannot execute tensor reads after its first defer_wait registration: "
                        "the kernel is not resumed once it has registered",
                    {{{}, "read the tensor before the first pld.system.defer_wait"}});
  }

  int64_t Loop(const ir::ForStmt& f) {
    for (const ir::IterArg& ia : f.iter_args) Carry(ia, f.span);
    for (const ir::VarPtr& r : f.return_vars) RequireScalar(r, f.span);
    for (const ir::ExprPtr& b : {f.start, f.stop, f.step}) Value(b, f.span);
    const int64_t n = Walk(f.body);
    if (n == 0) return 0;
    // A later iteration runs after an earlier one registered.
    ir::StmtPtr read = ir::FirstStmt(f.body, ir::kWalkAll, [](const ir::StmtPtr& s) {
      const ir::AssignStmt* a = s->As<ir::AssignStmt>();
      const ir::EvalStmt* e = s->As<ir::EvalStmt>();
      return (a && FindCall(a->value, IsTensorRead)) || (e && FindCall(e->expr, IsTensorRead));
    });
    if (read)
      ir::ThrowUser(read->span,
                    std::string(kWho) +
                        ": this loop may execute tensor reads in an iteration after registering "
                        "a condition in an earlier one",
                    {{f.span, "the registering loop is here"},
                     {{}, "read the values before the loop, into scalars it then uses"}});
    const auto start = ir::EvalInt(f.start), stop = ir::EvalInt(f.stop), step = ir::EvalInt(f.step);
    int64_t trips = 0;
    if (start && stop && step && *step > 0 && *stop > *start)
      trips = (*stop - *start + *step - 1) / *step;
    if (trips <= 0)
      ir::ThrowUser(f.span,
                    std::string(kWho) +
                        " registers its conditions in loops with a statically known positive "
                        "trip count; this loop's is " +
                        (start && stop && step ? std::to_string(trips) : std::string("not known")),
                    {{{}, "give the registering loop constant bounds that run at least once"}});
    return Mul(n, trips);
  }

  bool registered_ = false;
};

}  // namespace

bool CheckDeferredWaiter(const ir::ScopeStmt& scope, const ir::SpmdScopeStmt* launch) {
  const bool waits = ir::FirstStmt(scope.body, ir::kWalkAll, [](const ir::StmtPtr& s) {
                       const ir::EvalStmt* e = s->As<ir::EvalStmt>();
                       return e && IsCallOf(e->expr, kDeferWait);
                     }) != nullptr;
  if (!waits) return false;
  if (launch)
    ir::ThrowUser(scope.span,
                  "outline-incore-scopes: pld.system.defer_wait must be in a task-level pl.at "
                  "scope; nesting its scope in a pl.spmd launch is unsupported (the launch's "
                  "blocks and hints, not the scope, would decide when the task completes)",
                  {{launch->span, "the launch is here"},
                   {{}, "move the waiter's pl.at scope out of the pl.spmd launch"}});
  if (scope.allow_early_resolve)
    ir::ThrowUser(scope.span,
                  "outline-incore-scopes: a task calling pld.system.defer_wait completes only "
                  "when its conditions hold, so it cannot use allow_early_resolve=True",
                  {{{}, "drop allow_early_resolve=True from this pl.at"}});
  const int64_t n = WaiterChecker().Walk(scope.body);
  if (n > kMaxConditions)
    ir::ThrowUser(scope.span,
                  std::string(kWho) + " registers at most 64 conditions; this one may register " +
                      (n > kMaxConditions ? std::string("more than 64") : std::to_string(n)),
                  {{{}, "split the conditions over several waiter tasks"}});
  return true;
}

}  // namespace tilesplit::pass
