#include "tilesplit/ir/visitor.h"

#include <type_traits>

#include "tilesplit/ir/error.h"

namespace tilesplit::ir {

void IRVisitor::VisitExpr(const ExprPtr& e) {
  if (!e) return;
  // A variable is handed over as its own shared pointer (what callers collect); every other
  // kind as its node, to the Visit<Kind> the list in node_kinds.h names.
  if (e->kind == ExprKind::Var) return VisitVar(std::static_pointer_cast<const Var>(e));
  VisitExprKind(*e, [&]<typename T>(const T& node) {
#define TILESPLIT_X(Kind) \
  if constexpr (std::is_same_v<T, Kind> && !std::is_same_v<T, Var>) Visit##Kind(node);
    TILESPLIT_EXPR_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  });
}

void IRVisitor::VisitStmt(const StmtPtr& s) {
  if (!s) return;
  switch (s->kind) {
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  case StmtKind::Kind:                                            \
    return Visit##Kind(static_cast<const Class&>(*s));
    TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  }
  ThrowInternal(s->span, "IRVisitor: unknown statement kind");
}

void IRVisitor::VisitType(const TypePtr& t) {
  if (!t) return;
  switch (t->kind) {
    case TypeKind::Scalar:
      return;
    case TypeKind::Tensor:
      return VisitTensorType(static_cast<const TensorType&>(*t));
    case TypeKind::Tile:
      return VisitTileType(static_cast<const TileType&>(*t));
    case TypeKind::Tuple:
      return VisitTupleType(static_cast<const TupleType&>(*t));
  }
  ThrowInternal(Span{}, "IRVisitor: unknown type kind");
}

void IRVisitor::VisitFunction(const Function& f) {
  for (const Param& p : f.params) VisitVarDef(p.var);
  for (const TypePtr& t : f.return_types) VisitType(t);
  VisitStmt(f.body);
}

void IRVisitor::VisitProgram(const Program& p) {
  for (const FunctionPtr& f : p.functions)
    if (f) VisitFunction(*f);
}

void IRVisitor::VisitVar(const VarPtr&) {}
void IRVisitor::VisitVarDef(const VarPtr& v) {
  if (v) VisitType(v->type);
}

void IRVisitor::VisitConstInt(const ConstInt&) {}
void IRVisitor::VisitConstFloat(const ConstFloat&) {}
void IRVisitor::VisitConstBool(const ConstBool&) {}
void IRVisitor::VisitBinary(const Binary& op) {
  VisitExpr(op.lhs);
  VisitExpr(op.rhs);
}
void IRVisitor::VisitUnary(const Unary& op) {
  VisitExpr(op.operand);
}
void IRVisitor::VisitCast(const Cast& op) {
  VisitExpr(op.value);
}
void IRVisitor::VisitCall(const Call& op) {
  VisitExprs(op.args);
  VisitType(op.type);
}
void IRVisitor::VisitMakeTuple(const MakeTuple& op) {
  VisitExprs(op.elements);
}
void IRVisitor::VisitTupleGetItem(const TupleGetItem& op) {
  VisitExpr(op.tuple);
}

void IRVisitor::VisitFunctionCall(const FunctionCall& op) {
  VisitExprs(op.args);
  if (op.task) VisitExprs(op.task->deps);
  VisitType(op.type);
}

void IRVisitor::VisitAssign(const AssignStmt& op) {
  VisitExpr(op.value);
  VisitVarDef(op.var);
}
void IRVisitor::VisitEval(const EvalStmt& op) {
  VisitExpr(op.expr);
}
void IRVisitor::VisitReturn(const ReturnStmt& op) {
  VisitExprs(op.values);
}
void IRVisitor::VisitSeq(const SeqStmts& op) {
  for (const StmtPtr& s : op.stmts) VisitStmt(s);
}
void IRVisitor::VisitYield(const YieldStmt& op) {
  VisitExprs(op.values);
}
void IRVisitor::VisitFor(const ForStmt& op) {
  VisitExpr(op.start);
  VisitExpr(op.stop);
  VisitExpr(op.step);
  for (const IterArg& ia : op.iter_args) VisitExpr(ia.init);
  VisitVarDef(op.loop_var);
  for (const IterArg& ia : op.iter_args) VisitVarDef(ia.var);
  VisitStmt(op.body);
  for (const VarPtr& v : op.return_vars) VisitVarDef(v);
}
void IRVisitor::VisitWhile(const WhileStmt& op) {
  for (const IterArg& ia : op.iter_args) VisitExpr(ia.init);
  // The condition reads the iter args, so they are defined first.
  for (const IterArg& ia : op.iter_args) VisitVarDef(ia.var);
  VisitExpr(op.cond);
  VisitStmt(op.body);
  for (const VarPtr& v : op.return_vars) VisitVarDef(v);
}
void IRVisitor::VisitIf(const IfStmt& op) {
  VisitExpr(op.cond);
  VisitStmt(op.then_body);
  VisitStmt(op.else_body);
  for (const VarPtr& v : op.return_vars) VisitVarDef(v);
}
void IRVisitor::VisitScope(const ScopeStmt& op) {
  VisitExprs(op.deps);
  VisitStmt(op.body);
  if (op.task_id) VisitVarDef(op.task_id);
}
void IRVisitor::VisitSplitAiv(const SplitAivStmt& op) {
  VisitStmt(op.body);
}
void IRVisitor::VisitSpmd(const SpmdScopeStmt& op) {
  VisitExpr(op.core_num);
  VisitStmt(op.body);
}

void IRVisitor::VisitTensorType(const TensorType& t) {
  VisitExprs(t.shape);
  if (t.view) {
    VisitExprs(t.view->valid_shape);
    VisitExprs(t.view->stride);
  }
}
void IRVisitor::VisitTileType(const TileType& t) {
  VisitExprs(t.shape);
  if (t.view) {
    VisitExprs(t.view->valid_shape);
    VisitExprs(t.view->stride);
    VisitExpr(t.view->start_offset);
  }
}
void IRVisitor::VisitTupleType(const TupleType& t) {
  for (const TypePtr& e : t.elements) VisitType(e);
}

}  // namespace tilesplit::ir
