#include "tilesplit/ir/mutator.h"

#include "tilesplit/ir/error.h"

namespace tilesplit::ir {

// ---- Dispatch.

ExprPtr IRMutator::MutateExpr(const ExprPtr& e) {
  if (!e) return e;
  switch (e->kind) {
#define TILESPLIT_X(Kind) \
  case ExprKind::Kind:    \
    return Mutate##Kind(std::static_pointer_cast<const Kind>(e));
    TILESPLIT_EXPR_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  }
  ThrowInternal(e->span, "IRMutator: unknown expression kind");
}

StmtPtr IRMutator::MutateStmt(const StmtPtr& s) {
  if (!s) return s;
  switch (s->kind) {
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  case StmtKind::Kind:                                            \
    return Mutate##Kind(std::static_pointer_cast<const Class>(s));
    TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  }
  ThrowInternal(s->span, "IRMutator: unknown statement kind");
}

TypePtr IRMutator::MutateType(const TypePtr& t) {
  if (!t) return t;
  switch (t->kind) {
    case TypeKind::Scalar:
      return t;  // holds no expression; scalar types are interned
    case TypeKind::Tensor:
      return MutateTensorType(t, static_cast<const TensorType&>(*t));
    case TypeKind::Tile:
      return MutateTileType(t, static_cast<const TileType&>(*t));
    case TypeKind::Tuple:
      return MutateTupleType(t, static_cast<const TupleType&>(*t));
  }
  ThrowInternal(Span{}, "IRMutator: unknown type kind");
}

FunctionPtr IRMutator::MutateFunction(const FunctionPtr& f) {
  if (!f) return f;
  bool changed = always_rebuild_;
  std::vector<Param> params;
  params.reserve(f->params.size());
  for (const Param& p : f->params) {
    VarPtr v = MutateVarDef(p.var);
    changed |= v != p.var;
    params.push_back({std::move(v), p.direction});
  }
  std::vector<TypePtr> rets;
  rets.reserve(f->return_types.size());
  for (const TypePtr& t : f->return_types) {
    rets.push_back(MutateType(t));
    changed |= rets.back() != t;
  }
  StmtPtr body = MutateStmt(f->body);
  changed |= body != f->body;
  if (!changed) return f;
  return std::make_shared<Function>(f->name, f->func_type, std::move(params), std::move(rets),
                                    f->attrs, std::move(body), f->span);
}

ProgramPtr IRMutator::MutateProgram(const ProgramPtr& p) {
  if (!p) return p;
  bool changed = always_rebuild_;
  std::vector<FunctionPtr> fns;
  fns.reserve(p->functions.size());
  for (const FunctionPtr& f : p->functions) {
    fns.push_back(MutateFunction(f));
    changed |= fns.back() != f;
  }
  if (!changed) return p;
  return std::make_shared<Program>(p->name, std::move(fns), p->span);
}

// ---- Variables.

VarPtr IRMutator::RemapVar(const VarPtr& v) {
  if (!v) return v;
  if (const VarPtr* known = FindVarMapping(v.get())) return *known;
  TypePtr t = MutateType(v->type);
  VarPtr out = t == v->type ? v : MakeVar(v->name, std::move(t), v->span);
  SetVarMapping(v, out);
  return out;
}

ExprPtr IRMutator::MutateVar(const VarPtr& v) {
  return RemapVar(v);
}
VarPtr IRMutator::MutateVarDef(const VarPtr& v) {
  return RemapVar(v);
}

// ---- Helpers.

std::vector<ExprPtr> IRMutator::MutateExprs(const std::vector<ExprPtr>& es, bool* changed) {
  std::vector<ExprPtr> out;
  out.reserve(es.size());
  for (const ExprPtr& e : es) {
    out.push_back(MutateExpr(e));
    if (out.back() != e) *changed = true;
  }
  return out;
}

std::vector<VarPtr> IRMutator::MutateVarDefs(const std::vector<VarPtr>& vs, bool* changed) {
  std::vector<VarPtr> out;
  out.reserve(vs.size());
  for (const VarPtr& v : vs) {
    out.push_back(MutateVarDef(v));
    if (out.back() != v) *changed = true;
  }
  return out;
}

std::vector<IterArg> IRMutator::MutateIterArgInits(const std::vector<IterArg>& ias, bool* changed) {
  std::vector<IterArg> out;
  out.reserve(ias.size());
  for (const IterArg& ia : ias) {
    out.push_back({ia.var, MutateExpr(ia.init)});
    if (out.back().init != ia.init) *changed = true;
  }
  return out;
}

void IRMutator::MutateIterArgVars(std::vector<IterArg>* ias, const std::vector<IterArg>& original,
                                  bool* changed) {
  for (size_t i = 0; i < ias->size() && i < original.size(); ++i) {
    (*ias)[i].var = MutateVarDef(original[i].var);
    if ((*ias)[i].var != original[i].var) *changed = true;
  }
}

// ---- Types.

TypePtr IRMutator::MutateTensorType(const TypePtr& t, const TensorType& tt) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> shape = MutateExprs(tt.shape, &changed);
  std::optional<TensorView> view = tt.view;
  if (view) {
    view->valid_shape = MutateExprs(tt.view->valid_shape, &changed);
    view->stride = MutateExprs(tt.view->stride, &changed);
  }
  if (!changed) return t;
  return MakeTensorType(std::move(shape), tt.dtype, std::move(view), tt.distributed);
}

TypePtr IRMutator::MutateTileType(const TypePtr& t, const TileType& tt) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> shape = MutateExprs(tt.shape, &changed);
  std::optional<TileView> view = tt.view;
  if (view) {
    view->valid_shape = MutateExprs(tt.view->valid_shape, &changed);
    view->stride = MutateExprs(tt.view->stride, &changed);
    view->start_offset = MutateExpr(tt.view->start_offset);
    if (view->start_offset != tt.view->start_offset) changed = true;
  }
  if (!changed) return t;
  return MakeTileType(std::move(shape), tt.dtype, tt.memory, std::move(view));
}

TypePtr IRMutator::MutateTupleType(const TypePtr& t, const TupleType& tt) {
  bool changed = always_rebuild_;
  std::vector<TypePtr> elems;
  elems.reserve(tt.elements.size());
  for (const TypePtr& e : tt.elements) {
    elems.push_back(MutateType(e));
    if (elems.back() != e) changed = true;
  }
  if (!changed) return t;
  return MakeTupleType(std::move(elems));
}

// ---- Expressions. When rebuilding everything (a clone) the node is copied as it is, since its
// children are equal copies; otherwise the builders re-derive types and fold constants.

ExprPtr IRMutator::MutateConstInt(const ConstIntPtr& op) {
  if (!always_rebuild_) return op;
  return std::make_shared<ConstInt>(op->value, op->type, op->span);
}

ExprPtr IRMutator::MutateConstFloat(const ConstFloatPtr& op) {
  if (!always_rebuild_) return op;
  return std::make_shared<ConstFloat>(op->value, op->type, op->span);
}

ExprPtr IRMutator::MutateConstBool(const ConstBoolPtr& op) {
  if (!always_rebuild_) return op;
  return std::make_shared<ConstBool>(op->value, op->type, op->span);
}

ExprPtr IRMutator::MutateBinary(const BinaryPtr& op) {
  ExprPtr a = MutateExpr(op->lhs);
  ExprPtr b = MutateExpr(op->rhs);
  if (always_rebuild_)
    return std::make_shared<Binary>(op->op, std::move(a), std::move(b), op->type, op->span);
  if (a == op->lhs && b == op->rhs) return op;
  return MakeBinary(op->op, std::move(a), std::move(b), op->span);
}

ExprPtr IRMutator::MutateUnary(const UnaryPtr& op) {
  ExprPtr a = MutateExpr(op->operand);
  if (always_rebuild_) return std::make_shared<Unary>(op->op, std::move(a), op->type, op->span);
  if (a == op->operand) return op;
  return MakeUnary(op->op, std::move(a), op->span);
}

ExprPtr IRMutator::MutateCast(const CastPtr& op) {
  ExprPtr v = MutateExpr(op->value);
  if (always_rebuild_) return std::make_shared<Cast>(std::move(v), op->type, op->span);
  if (v == op->value) return op;
  return MakeCast(std::move(v), op->dtype(), op->span);
}

ExprPtr IRMutator::MutateCall(const CallPtr& op) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> args = MutateExprs(op->args, &changed);
  TypePtr type = MutateType(op->type);
  if (type != op->type) changed = true;
  if (!changed) return op;
  return MakeCall(op->op, std::move(args), op->kwargs, std::move(type), op->span, op->attrs);
}

ExprPtr IRMutator::MutateMakeTuple(const MakeTuplePtr& op) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> elems = MutateExprs(op->elements, &changed);
  if (!changed) return op;
  return MakeTupleExpr(std::move(elems), op->span);
}

ExprPtr IRMutator::MutateTupleGetItem(const TupleGetItemPtr& op) {
  ExprPtr t = MutateExpr(op->tuple);
  if (t == op->tuple && !always_rebuild_) return op;
  return MakeTupleGetItem(std::move(t), op->index, op->span);
}

// The result type is the callee's and is kept (mutated, like a Call's): the callee is not at hand.
ExprPtr IRMutator::MutateFunctionCall(const FunctionCallPtr& op) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> args = MutateExprs(op->args, &changed);
  std::optional<TaskLaunch> task = op->task;
  if (task) task->deps = MutateExprs(op->task->deps, &changed);
  TypePtr type = MutateType(op->type);
  if (type != op->type) changed = true;
  if (!changed) return op;
  return MakeFunctionCall(op->callee, std::move(args), std::move(type), op->span, op->attrs,
                          std::move(task));
}

// ---- Statements.

StmtPtr IRMutator::MutateAssign(const AssignStmtPtr& op) {
  ExprPtr value = MutateExpr(op->value);
  VarPtr var = MutateVarDef(op->var);
  if (!always_rebuild_ && value == op->value && var == op->var) return op;
  return std::make_shared<AssignStmt>(std::move(var), std::move(value), op->span);
}

StmtPtr IRMutator::MutateEval(const EvalStmtPtr& op) {
  ExprPtr e = MutateExpr(op->expr);
  if (!always_rebuild_ && e == op->expr) return op;
  return std::make_shared<EvalStmt>(std::move(e), op->span);
}

StmtPtr IRMutator::MutateReturn(const ReturnStmtPtr& op) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> values = MutateExprs(op->values, &changed);
  if (!changed) return op;
  return std::make_shared<ReturnStmt>(std::move(values), op->span);
}

StmtPtr IRMutator::MutateSeq(const SeqStmtsPtr& op) {
  bool changed = always_rebuild_;
  std::vector<StmtPtr> stmts;
  stmts.reserve(op->stmts.size());
  for (const StmtPtr& s : op->stmts) {
    StmtPtr m = MutateStmt(s);
    if (m != s) changed = true;
    if (m) stmts.push_back(std::move(m));
  }
  if (!changed) return op;
  return std::make_shared<SeqStmts>(std::move(stmts), op->span);
}

StmtPtr IRMutator::MutateYield(const YieldStmtPtr& op) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> values = MutateExprs(op->values, &changed);
  if (!changed) return op;
  return std::make_shared<YieldStmt>(std::move(values), op->span);
}

StmtPtr IRMutator::MutateFor(const ForStmtPtr& op) {
  bool changed = always_rebuild_;
  ExprPtr start = MutateExpr(op->start);
  ExprPtr stop = MutateExpr(op->stop);
  ExprPtr step = MutateExpr(op->step);
  changed |= start != op->start || stop != op->stop || step != op->step;
  std::vector<IterArg> ias = MutateIterArgInits(op->iter_args, &changed);
  VarPtr loop_var = MutateVarDef(op->loop_var);
  changed |= loop_var != op->loop_var;
  MutateIterArgVars(&ias, op->iter_args, &changed);
  StmtPtr body = MutateStmt(op->body);
  changed |= body != op->body;
  std::vector<VarPtr> rvs = MutateVarDefs(op->return_vars, &changed);
  if (!changed) return op;
  return std::make_shared<ForStmt>(std::move(loop_var), std::move(start), std::move(stop),
                                   std::move(step), op->for_kind, op->stage, std::move(ias),
                                   std::move(body), std::move(rvs), op->span);
}

StmtPtr IRMutator::MutateWhile(const WhileStmtPtr& op) {
  bool changed = always_rebuild_;
  std::vector<IterArg> ias = MutateIterArgInits(op->iter_args, &changed);
  MutateIterArgVars(&ias, op->iter_args, &changed);
  ExprPtr cond = MutateExpr(op->cond);
  changed |= cond != op->cond;
  StmtPtr body = MutateStmt(op->body);
  changed |= body != op->body;
  std::vector<VarPtr> rvs = MutateVarDefs(op->return_vars, &changed);
  if (!changed) return op;
  return std::make_shared<WhileStmt>(std::move(cond), std::move(ias), std::move(body),
                                     std::move(rvs), op->span);
}

StmtPtr IRMutator::MutateIf(const IfStmtPtr& op) {
  ExprPtr cond = MutateExpr(op->cond);
  StmtPtr then_body = MutateStmt(op->then_body);
  StmtPtr else_body = MutateStmt(op->else_body);
  bool changed = always_rebuild_ || cond != op->cond || then_body != op->then_body ||
                 else_body != op->else_body;
  std::vector<VarPtr> rvs = MutateVarDefs(op->return_vars, &changed);
  if (!changed) return op;
  return std::make_shared<IfStmt>(std::move(cond), std::move(then_body), std::move(else_body),
                                  std::move(rvs), op->span);
}

StmtPtr IRMutator::MutateScope(const ScopeStmtPtr& op) {
  bool changed = always_rebuild_;
  std::vector<ExprPtr> deps = MutateExprs(op->deps, &changed);
  StmtPtr body = MutateStmt(op->body);
  VarPtr tid = op->task_id ? MutateVarDef(op->task_id) : nullptr;
  if (!changed && body == op->body && tid == op->task_id) return op;
  return std::make_shared<ScopeStmt>(op->level, op->optimizations, op->name_hint,
                                     op->allow_early_resolve, std::move(body), op->span,
                                     std::move(tid), std::move(deps));
}

StmtPtr IRMutator::MutateSplitAiv(const SplitAivStmtPtr& op) {
  StmtPtr body = MutateStmt(op->body);
  if (!always_rebuild_ && body == op->body) return op;
  return std::make_shared<SplitAivStmt>(op->mode, std::move(body), op->span);
}

StmtPtr IRMutator::MutateSpmd(const SpmdScopeStmtPtr& op) {
  ExprPtr n = MutateExpr(op->core_num);
  StmtPtr body = MutateStmt(op->body);
  if (!always_rebuild_ && n == op->core_num && body == op->body) return op;
  return std::make_shared<SpmdScopeStmt>(std::move(n), op->name_hint, op->allow_early_resolve,
                                         std::move(body), op->span);
}

}  // namespace tilesplit::ir
