// simplify (PyPTO's Simplify), its constant-folding part: scalar arithmetic, comparisons and
// boolean logic whose operands are known are folded, known scalars are propagated into every use
// (types included), branches and loops that a known condition or trip count decides are dropped
// or lifted, and the scalar bindings left unused are removed. docs/passes.md, "simplify", lists
// the rules; in short:
//
//  * Folding. An integer operator over integer constants is evaluated by the IR's one integer
//    evaluator (ir::EvalInt, ir::EvalIntCompare) and kept only when the value fits the result's
//    dtype; so is a cast of an integer constant to an integer dtype it fits. `not`, `and` and `or`
//    fold with one known operand (`x and False` is False). Integer identities: x+0, x-0, x*1,
//    x//1 are x; x*0 and x%1 are 0; x-x is 0; min(x, x) and max(x, x) are x; x==x, x<=x, x>=x
//    are True and x!=x, x<x, x>x False. Floats are folded only as the IR's builders fold them
//    (both operands constant), never by identities (NaN, signed zeros).
//  * Propagation. A scalar variable assigned once, to a constant or to another scalar variable of
//    the same type, stands for that value in every later use, including the shapes of types.
//  * Control flow. An if whose condition folds to a constant is replaced by the branch that runs,
//    its trailing yield binding the if's return vars to the yielded values. A `pl.range` loop with
//    constant bounds that runs zero times is replaced by its iter args' initial values; one that
//    runs once by its body with the loop var at `start` and the iter args at their initial values.
//    Parallel, unroll and pipeline loops are kept: their kind is a scheduling contract.
//  * Dead scalars. A scalar assignment whose variable is no longer used and whose value calls
//    nothing is removed (calls may have effects, so they always stay).
//
// The pass requires, produces and invalidates nothing: it keeps SSA form and every property its
// input had.
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/function_pass.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

using ir::DataType;
using ir::ExprPtr;
using ir::StmtPtr;

std::optional<DataType> IntDType(const ExprPtr& e) {
  auto dt = ir::ScalarDType(e);
  if (dt && ir::IsInteger(*dt)) return dt;
  return std::nullopt;
}

const ir::ConstBool* AsBool(const ExprPtr& e) {
  return e ? e->As<ir::ConstBool>() : nullptr;
}

bool IsScalarVar(const ir::VarPtr& v) {
  return v && v->type && v->type->As<ir::ScalarType>();
}

// The folds of one node whose operands are already simplified; the node itself when none applies.
ExprPtr Fold(const ExprPtr& e) {
  if (const auto* b = e->As<ir::Binary>()) {
    const ExprPtr &l = b->lhs, &r = b->rhs;
    if (ir::IsLogical(b->op)) {
      const bool is_and = b->op == ir::BinaryOp::And;
      for (int side = 0; side < 2; ++side) {
        const ir::ConstBool* c = AsBool(side == 0 ? l : r);
        const ExprPtr& other = side == 0 ? r : l;
        if (!c) continue;
        if (c->value == is_and) return other;  // True and x, x or False: x
        return ir::MakeConstBool(!is_and, e->span);
      }
      return e;
    }
    const auto li = ir::AsConstInt(l), ri = ir::AsConstInt(r);
    const auto dt = IntDType(e);
    if (ir::IsComparison(b->op)) {
      if (li && ri)
        if (auto v = ir::EvalIntCompare(b->op, *li, *ri)) return ir::MakeConstBool(*v, e->span);
      if (IntDType(l) && ir::ExprEqual(l, r)) {
        const bool reflexive =
            b->op == ir::BinaryOp::Eq || b->op == ir::BinaryOp::Le || b->op == ir::BinaryOp::Ge;
        return ir::MakeConstBool(reflexive, e->span);
      }
      const ir::ConstBool *lb = AsBool(l), *rb = AsBool(r);
      if (lb && rb && (b->op == ir::BinaryOp::Eq || b->op == ir::BinaryOp::Ne))
        return ir::MakeConstBool((lb->value == rb->value) == (b->op == ir::BinaryOp::Eq), e->span);
      return e;
    }
    if (!dt) return e;
    if (li && ri) {
      auto v = ir::EvalInt(e);
      if (v && ir::FitsIntDType(*v, *dt)) return ir::MakeConstInt(*v, *dt, e->span);
      return e;
    }
    auto zero = [&] { return ir::MakeConstInt(0, *dt, e->span); };
    switch (b->op) {
      case ir::BinaryOp::Add:
        if (ri == 0) return l;
        if (li == 0) return r;
        break;
      case ir::BinaryOp::Sub:
        if (ri == 0) return l;
        if (ir::ExprEqual(l, r)) return zero();
        break;
      case ir::BinaryOp::Mul:
        if (ri == 1) return l;
        if (li == 1) return r;
        if (ri == 0 || li == 0) return zero();
        break;
      case ir::BinaryOp::FloorDiv:
        if (ri == 1) return l;
        break;
      case ir::BinaryOp::FloorMod:
        if (ri == 1) return zero();
        break;
      case ir::BinaryOp::Min:
      case ir::BinaryOp::Max:
        if (ir::ExprEqual(l, r)) return l;
        break;
      default:
        break;
    }
    return e;
  }
  if (const auto* u = e->As<ir::Unary>()) {
    if (u->op != ir::UnaryOp::Not) return e;
    if (const ir::ConstBool* c = AsBool(u->operand)) return ir::MakeConstBool(!c->value, e->span);
    if (const auto* inner = u->operand->As<ir::Unary>())
      if (inner->op == ir::UnaryOp::Not) return inner->operand;
    return e;
  }
  if (const auto* c = e->As<ir::Cast>()) {
    const auto v = ir::AsConstInt(c->value);
    if (v && ir::IsInteger(c->dtype()) && ir::FitsIntDType(*v, c->dtype()))
      return ir::MakeConstInt(*v, c->dtype(), e->span);
  }
  return e;
}

// Scalar variables assigned more than once (none in SSA form): their value is not one value.
struct AssignCounter : ir::IRVisitor {
  std::unordered_map<const ir::Var*, int> count;
  void VisitAssign(const ir::AssignStmt& a) override {
    ++count[a.var.get()];
    ir::IRVisitor::VisitAssign(a);
  }
};

class Simplifier : public ir::IRMutator {
 public:
  explicit Simplifier(const ir::Function& f) {
    AssignCounter c;
    c.VisitFunction(f);
    for (const auto& [v, n] : c.count)
      if (n > 1) multi_.insert(v);
  }

 protected:
  ExprPtr MutateVar(const ir::VarPtr& v) override {
    auto it = known_.find(v.get());
    if (it != known_.end()) return it->second;
    return ir::IRMutator::MutateVar(v);
  }
  ExprPtr MutateBinary(const ir::BinaryPtr& op) override {
    return Fold(ir::IRMutator::MutateBinary(op));
  }
  ExprPtr MutateUnary(const ir::UnaryPtr& op) override {
    return Fold(ir::IRMutator::MutateUnary(op));
  }
  ExprPtr MutateCast(const ir::CastPtr& op) override { return Fold(ir::IRMutator::MutateCast(op)); }

  StmtPtr MutateAssign(const ir::AssignStmtPtr& op) override {
    StmtPtr s = ir::IRMutator::MutateAssign(op);
    const auto* a = s->As<ir::AssignStmt>();
    if (IsScalarVar(op->var) && !multi_.count(op->var.get()))
      if (ExprPtr v = Bindable(a->var, a->value)) known_[op->var.get()] = v;
    return s;
  }

  StmtPtr MutateSeq(const ir::SeqStmtsPtr& op) override {
    std::vector<StmtPtr> out;
    bool changed = false;
    for (const StmtPtr& s : op->stmts) {
      StmtPtr m = MutateStmt(s);
      if (m != s) changed = true;
      if (!m) continue;
      if (m->kind == ir::StmtKind::Seq && m != s) {
        for (const StmtPtr& c : ir::FlattenStmts(m)) out.push_back(c);
      } else {
        out.push_back(m);
      }
    }
    if (!changed) return op;
    return ir::MakeSeq(std::move(out), op->span);
  }

  StmtPtr MutateIf(const ir::IfStmtPtr& op) override {
    ExprPtr cond = MutateExpr(op->cond);
    const ir::ConstBool* c = AsBool(cond);
    if (!c) return ir::IRMutator::MutateIf(op);
    const StmtPtr& kept = c->value ? op->then_body : op->else_body;
    if (!kept) return ir::MakeSeq({}, op->span);
    return Lift(MutateStmt(kept), op->return_vars, op->span);
  }

  StmtPtr MutateFor(const ir::ForStmtPtr& op) override {
    if (op->for_kind != ir::ForKind::Range) return ir::IRMutator::MutateFor(op);
    const auto start = ir::AsConstInt(MutateExpr(op->start));
    const auto stop = ir::AsConstInt(MutateExpr(op->stop));
    const auto step = ir::AsConstInt(MutateExpr(op->step));
    if (!start || !stop || !step || *step <= 0) return ir::IRMutator::MutateFor(op);
    // Trips: 0 when stop <= start, 1 when start < stop <= start + step (no overflow: step > 0).
    const bool zero = *stop <= *start;
    const bool one = !zero && *stop - *start <= *step;
    if (zero) {
      for (size_t i = 0; i < op->return_vars.size() && i < op->iter_args.size(); ++i)
        known_[op->return_vars[i].get()] = MutateExpr(op->iter_args[i].init);
      return ir::MakeSeq({}, op->span);
    }
    if (!one) return ir::IRMutator::MutateFor(op);
    known_[op->loop_var.get()] = ir::MakeConstInt(*start, *ir::ScalarDType(op->loop_var), op->span);
    for (const ir::IterArg& ia : op->iter_args) known_[ia.var.get()] = MutateExpr(ia.init);
    return Lift(MutateStmt(op->body), op->return_vars, op->span);
  }

 private:
  // The value `var` may stand for in its uses: a constant (retyped to the variable's dtype) or a
  // scalar variable of the same type; null when it is neither.
  static ExprPtr Bindable(const ir::VarPtr& var, const ExprPtr& value) {
    const DataType dt = var->type->As<ir::ScalarType>()->dtype;
    if (auto i = ir::AsConstInt(value)) {
      if (!ir::FitsIntDType(*i, dt)) return nullptr;
      return ir::MakeConstInt(*i, dt, value->span);
    }
    if (const ir::ConstBool* b = AsBool(value))
      return dt == DataType::BOOL ? ir::MakeConstBool(b->value, value->span) : nullptr;
    if (value->kind == ir::ExprKind::ConstFloat)
      return ir::IsFloat(dt) && ir::TypeEqual(var->type, value->type) ? value : nullptr;
    if (value->kind == ir::ExprKind::Var && ir::TypeEqual(var->type, value->type)) return value;
    return nullptr;
  }

  // A body that runs in place of its if or loop: its trailing yield binds `return_vars`.
  StmtPtr Lift(const StmtPtr& body, const std::vector<ir::VarPtr>& return_vars, ir::Span span) {
    std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
    if (!stmts.empty() && stmts.back()->kind == ir::StmtKind::Yield) {
      const auto* y = stmts.back()->As<ir::YieldStmt>();
      for (size_t i = 0; i < return_vars.size() && i < y->values.size(); ++i)
        known_[return_vars[i].get()] = y->values[i];
      stmts.pop_back();
    }
    return ir::MakeSeq(std::move(stmts), span);
  }

  std::unordered_set<const ir::Var*> multi_;
  std::unordered_map<const ir::Var*, ExprPtr> known_;
};

// ---- Dead scalar assignments.

struct UseCollector : ir::IRVisitor {
  std::unordered_set<const ir::Var*> used;
  void VisitVar(const ir::VarPtr& v) override { used.insert(v.get()); }
};

bool CallsSomething(const ExprPtr& e) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitCall(const ir::Call&) override { found = true; }
    void VisitFunctionCall(const ir::FunctionCall&) override { found = true; }
  } f;
  f.VisitExpr(e);
  return f.found;
}

StmtPtr DropDead(const StmtPtr& s, const std::unordered_set<const ir::Var*>& used, bool* changed) {
  if (!s) return s;
  if (s->kind != ir::StmtKind::Seq)
    return ir::MapChildren(s, ir::kWalkAll,
                           [&](const StmtPtr& c) { return DropDead(c, used, changed); });
  std::vector<StmtPtr> out;
  for (const StmtPtr& c : s->As<ir::SeqStmts>()->stmts) {
    if (const auto* a = c->As<ir::AssignStmt>())
      if (IsScalarVar(a->var) && !used.count(a->var.get()) && !CallsSomething(a->value)) {
        *changed = true;
        continue;
      }
    out.push_back(DropDead(c, used, changed));
  }
  return ir::WithStmts(s, std::move(out));
}

ir::FunctionPtr SimplifyFunction(const ir::FunctionPtr& f) {
  Simplifier s(*f);
  ir::FunctionPtr out = s.MutateFunction(f);
  for (bool changed = true; changed;) {
    changed = false;
    UseCollector uses;
    uses.VisitFunction(*out);
    StmtPtr body = DropDead(out->body, uses.used, &changed);
    if (changed) out = ir::WithBody(*out, body);
  }
  return out;
}

Pass Simplify() {
  // A function whose body is not ours (external_source=) is kept as written.
  return FunctionPass("simplify", [](const ir::FunctionPtr& f) {
    return ir::ExternalSource(*f) ? f : SimplifyFunction(f);
  });
}

}  // namespace

TILESPLIT_REGISTER_PASS("simplify",
                        "Folds scalar arithmetic, comparisons and logic with known operands, "
                        "propagates scalar constants (into types too), keeps only the branch a "
                        "known condition selects and unrolls pl.range loops of zero or one trip, "
                        "and drops the scalar assignments left unused",
                        Simplify);

}  // namespace tilesplit::pass
