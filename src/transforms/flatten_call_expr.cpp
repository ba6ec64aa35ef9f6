// flatten-call-expr (PyPTO's FlattenCallExpr): three-address form. A call may stand only as the
// whole value of an assignment or an evaluated statement; every call nested anywhere else (an
// argument of a call, an operand of arithmetic, a tuple element, a returned or yielded value, an
// if condition, a loop bound) is computed first into a fresh temporary assigned just before the
// statement. Later passes rewrite calls by walking assignments, so a nested call would be missed.
//
// A temporary lands directly before its statement: in the body that holds a yield (so it is
// computed where the yielded value is), inside a pl.at scope (so it keeps the scope's execution
// context), and before an if or a loop in the enclosing sequence. A while condition is evaluated
// on every iteration, so the calls in it are left where they are.
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/function_pass.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;

bool IsCall(const ExprPtr& e) {
  return e && (e->kind == ir::ExprKind::Call || e->kind == ir::ExprKind::FunctionCall);
}

class Flattener {
 public:
  explicit Flattener(std::unordered_set<std::string>& taken) : taken_(taken) {}

  StmtPtr Body(const StmtPtr& body) {
    if (!body) return body;
    std::vector<StmtPtr> out;
    for (const StmtPtr& s : ir::FlattenStmts(body)) Stmt(s, out);
    if (out.size() == 1 && body->kind != ir::StmtKind::Seq) return out[0];
    return ir::MakeSeq(std::move(out), body->span);
  }

 private:
  void Stmt(const StmtPtr& s, std::vector<StmtPtr>& out) {
    pending_ = &out;
    if (const auto* a = s->As<ir::AssignStmt>()) {
      ExprPtr v = Top(a->value);
      out.push_back(v == a->value ? s : ir::MakeAssign(a->var, v, s->span));
    } else if (const auto* e = s->As<ir::EvalStmt>()) {
      ExprPtr v = Top(e->expr);
      out.push_back(v == e->expr ? s : ir::MakeEval(v, s->span));
    } else if (const auto* r = s->As<ir::ReturnStmt>()) {
      std::vector<ExprPtr> vals = Values(r->values);
      out.push_back(vals == r->values ? s : ir::MakeReturn(std::move(vals), s->span));
    } else if (const auto* y = s->As<ir::YieldStmt>()) {
      std::vector<ExprPtr> vals = Values(y->values);
      out.push_back(vals == y->values ? s : ir::MakeYield(std::move(vals), s->span));
    } else if (const auto* i = s->As<ir::IfStmt>()) {
      ExprPtr cond = Nested(i->cond);
      StmtPtr then_body = Body(i->then_body);
      StmtPtr else_body = Body(i->else_body);
      StmtPtr branches = ir::WithBranches(s, then_body, else_body);
      if (cond == i->cond) {
        out.push_back(branches);
      } else {
        const auto* b = branches->As<ir::IfStmt>();
        out.push_back(std::make_shared<ir::IfStmt>(cond, b->then_body, b->else_body, b->return_vars,
                                                   s->span));
      }
    } else if (const auto* f = s->As<ir::ForStmt>()) {
      ExprPtr start = Nested(f->start), stop = Nested(f->stop), step = Nested(f->step);
      StmtPtr body = Body(f->body);
      if (start == f->start && stop == f->stop && step == f->step) {
        out.push_back(ir::WithBody(s, body));
      } else {
        out.push_back(std::make_shared<ir::ForStmt>(f->loop_var, start, stop, step, f->for_kind,
                                                    f->stage, f->iter_args, body, f->return_vars,
                                                    s->span));
      }
    } else if (ir::IsLeafStmt(*s)) {
      out.push_back(s);
    } else {
      // While, scope, region and any other body holder: its bodies are flattened in place, so the
      // temporaries of a scope stay inside it.
      out.push_back(ir::MapChildren(s, ir::kWalkAll, [this](const StmtPtr& c) { return Body(c); }));
    }
  }

  std::vector<ExprPtr> Values(const std::vector<ExprPtr>& values) {
    std::vector<ExprPtr> out;
    out.reserve(values.size());
    for (const ExprPtr& v : values) out.push_back(Nested(v));
    return out;
  }

  // The value of an assignment: a call may stay, its operands may not hold one.
  ExprPtr Top(const ExprPtr& e) {
    if (!IsCall(e)) return Nested(e);
    return WithOperands(e);
  }

  // An expression in a nested position: a call becomes a temporary.
  ExprPtr Nested(const ExprPtr& e) {
    if (!e) return e;
    ExprPtr rebuilt = WithOperands(e);
    if (!IsCall(rebuilt)) return rebuilt;
    ir::VarPtr tmp = ir::MakeVar(FreshName(), rebuilt->type, rebuilt->span);
    pending_->push_back(ir::MakeAssign(tmp, rebuilt, rebuilt->span));
    return tmp;
  }

  // `e` with every operand flattened (the node itself when none changed).
  ExprPtr WithOperands(const ExprPtr& e) {
    if (const auto* c = e->As<ir::Call>()) {
      std::vector<ExprPtr> args = Operands(c->args);
      if (args == c->args) return e;
      return std::make_shared<ir::Call>(c->op, std::move(args), c->kwargs, e->type, e->span,
                                        c->attrs);
    }
    if (const auto* c = e->As<ir::FunctionCall>()) {
      std::vector<ExprPtr> args = Operands(c->args);
      if (args == c->args) return e;
      return std::make_shared<ir::FunctionCall>(c->callee, std::move(args), e->type, e->span,
                                                c->attrs, c->task);
    }
    if (const auto* b = e->As<ir::Binary>()) {
      ExprPtr l = Nested(b->lhs), r = Nested(b->rhs);
      if (l == b->lhs && r == b->rhs) return e;
      return std::make_shared<ir::Binary>(b->op, l, r, e->type, e->span);
    }
    if (const auto* u = e->As<ir::Unary>()) {
      ExprPtr v = Nested(u->operand);
      if (v == u->operand) return e;
      return std::make_shared<ir::Unary>(u->op, v, e->type, e->span);
    }
    if (const auto* c = e->As<ir::Cast>()) {
      ExprPtr v = Nested(c->value);
      if (v == c->value) return e;
      return std::make_shared<ir::Cast>(v, e->type, e->span);
    }
    if (const auto* t = e->As<ir::MakeTuple>()) {
      std::vector<ExprPtr> elems = Operands(t->elements);
      if (elems == t->elements) return e;
      return std::make_shared<ir::MakeTuple>(std::move(elems), e->type, e->span);
    }
    if (const auto* g = e->As<ir::TupleGetItem>()) {
      ExprPtr t = Nested(g->tuple);
      if (t == g->tuple) return e;
      return std::make_shared<ir::TupleGetItem>(t, g->index, e->type, e->span);
    }
    return e;
  }

  std::vector<ExprPtr> Operands(const std::vector<ExprPtr>& es) {
    std::vector<ExprPtr> out;
    out.reserve(es.size());
    for (const ExprPtr& a : es) out.push_back(a ? Nested(a) : a);
    return out;
  }

  std::string FreshName() {
    for (;;) {
      std::string n = "t__tmp_v" + std::to_string(next_++);
      if (taken_.insert(n).second) return n;
    }
  }

  std::unordered_set<std::string>& taken_;
  std::vector<StmtPtr>* pending_ = nullptr;
  size_t next_ = 0;
};

ir::FunctionPtr FlattenFunction(const ir::FunctionPtr& f) {
  std::unordered_set<std::string> taken;
  for (const ir::Param& prm : f->params) taken.insert(prm.var->name);
  ir::ForEachStmt(f->body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (const auto* a = s->As<ir::AssignStmt>()) taken.insert(a->var->name);
  });
  Flattener fl(taken);
  StmtPtr body = fl.Body(f->body);
  return body == f->body ? f : ir::WithBody(*f, body);
}

Pass FlattenCallExpr() {
  return FunctionPass("flatten-call-expr", FlattenFunction, {Property::SSAForm},
                      {Property::SSAForm});
}

}  // namespace

TILESPLIT_REGISTER_PASS("flatten-call-expr",
                        "Three-address form: every call nested in another expression, a return, "
                        "a yield, an if condition or a loop bound is computed first into a "
                        "temporary",
                        FlattenCallExpr);

}  // namespace tilesplit::pass
