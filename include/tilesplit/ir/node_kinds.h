// The node kinds: the one list of expression kinds and the one list of statement kinds, which
// every hand-written enumeration of them was replaced by.
//
// TILESPLIT_EXPR_KINDS(X) calls X(Kind) once per expression kind, in the ExprKind enum's order;
// Kind is the enumerator and the node class of expr.h (Var, Call, ...). The enum, the typed
// dispatch `VisitExprKind` (expr.h), the operands of each kind (`ForEachOperand`, expr.h), the
// visitor's and the mutator's per-kind dispatch are expanded from it, so a new kind is one line
// here plus its node class, and the compiler names every dispatch that lacks a handler for it.
//
// The statement kinds: the second list. The
// C++ `StmtKind` enum, the typed dispatch `VisitStmtKind`, the statement-walk toolkit's shape
// queries (`IsLeafStmt`, `SingleBody`, `ForEachChild`, `MapChildren`), the visitor's and the
// mutator's per-kind methods and dispatch, and in Python the `StmtKind` enum, the node classes
// and the `pypto` visitor and mutator (through `_core.stmt_kinds()`) are all expanded from it.
// A new kind is one line here plus its node class; the compiler then names the rest
// (docs/architecture.md, "Adding a statement kind").
//
// TILESPLIT_STMT_KINDS(X) calls X(Kind, Class, Shape, Gate, py_name, py_fields) once per kind, in
// the enum's order:
//   Kind       the StmtKind enumerator (and the suffix of IRVisitor::Visit<Kind>,
//              IRMutator::Mutate<Kind>);
//   Class      the node class in stmt.h (also its Python class name in tilesplit._core);
//   Shape      which statements it holds (StmtShape): Leaf (none), Sequence (`stmts`), OneBody
//              (`body`), Branches (`then_body`, `else_body`). The walk toolkit reads the members
//              of those names, so a node of a shape must name them so;
//   Gate       which WalkOptions flag lets a walk into its body (StmtGate): Always, IntoScopes,
//              IntoRegions;
//   py_name    PyPTO's snake-case name of the node; its visitor method is `visit_<py_name>`;
//   py_fields  the Python attributes holding its expressions and statements, in evaluation
//              order (what a Python visitor walks and a Python mutator rebuilds; an `iter_args`
//              field is a list of IterArg whose `init` is the expression).
#pragma once

#define TILESPLIT_EXPR_KINDS(X) \
  X(Var)                        \
  X(ConstInt)                   \
  X(ConstFloat)                 \
  X(ConstBool)                  \
  X(Binary)                     \
  X(Unary)                      \
  X(Cast)                       \
  X(Call)                       \
  X(MakeTuple)                  \
  X(TupleGetItem)               \
  X(FunctionCall)

#define TILESPLIT_STMT_KINDS(X)                                                   \
  X(Assign, AssignStmt, Leaf, Always, "assign_stmt", "value")                     \
  X(Eval, EvalStmt, Leaf, Always, "eval_stmt", "expr")                            \
  X(Return, ReturnStmt, Leaf, Always, "return_stmt", "values")                    \
  X(Seq, SeqStmts, Sequence, Always, "seq_stmts", "stmts")                        \
  X(Yield, YieldStmt, Leaf, Always, "yield_stmt", "values")                       \
  X(For, ForStmt, OneBody, Always, "for_stmt", "start stop step iter_args body")  \
  X(While, WhileStmt, OneBody, Always, "while_stmt", "iter_args cond body")       \
  X(If, IfStmt, Branches, Always, "if_stmt", "cond then_body else_body")          \
  X(Scope, ScopeStmt, OneBody, IntoScopes, "scope_stmt", "body")                  \
  X(SplitAiv, SplitAivStmt, OneBody, IntoRegions, "split_aiv_scope_stmt", "body") \
  X(Spmd, SpmdScopeStmt, OneBody, Always, "spmd_scope_stmt", "core_num body")
