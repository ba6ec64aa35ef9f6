"""IRVisitor and IRMutator, subclassable in Python (PyPTO's visitor API).

Both walk the bound node accessors; a mutator rebuilds a node through its constructor (the
library's factories) only when a child changed, so an unchanged subtree is returned as is.
Override ``visit_<node>`` methods (``visit_call``, ``visit_if_stmt``,
``visit_split_aiv_scope_stmt``, ...) and call ``super().visit_<node>(node)`` to keep walking.
Types (the expressions inside shapes) are not visited.
"""

from __future__ import annotations

from tilesplit import _core
from tilesplit._core import (
    AssignStmt, Call, EvalStmt, ExprKind, ForStmt, Function, FunctionCall, IfStmt, IterArg,
    MakeTuple, Program, ReturnStmt, ScopeStmt, SeqStmts, SplitAivStmt, Stmt, StmtKind,
    TupleGetItem, WhileStmt, YieldStmt,
)

__all__ = ["IRVisitor", "IRMutator"]

_STMT_METHODS = {
    StmtKind.Assign: "visit_assign_stmt", StmtKind.Eval: "visit_eval_stmt",
    StmtKind.Return: "visit_return_stmt", StmtKind.Seq: "visit_seq_stmts",
    StmtKind.Yield: "visit_yield_stmt", StmtKind.For: "visit_for_stmt",
    StmtKind.While: "visit_while_stmt", StmtKind.If: "visit_if_stmt",
    StmtKind.Scope: "visit_scope_stmt", StmtKind.SplitAiv: "visit_split_aiv_scope_stmt",
}
# PyPTO's ForStmt.kind is the loop kind (pypto.ir installs it), so the statement kind is read
# through the base class's own attribute.
_STMT_KIND = Stmt.__dict__["kind"]


def _stmt_kind(stmt):
    return _STMT_KIND.__get__(stmt, type(stmt))


_EXPR_METHODS = {
    ExprKind.Var: "visit_var", ExprKind.ConstInt: "visit_const_int",
    ExprKind.ConstFloat: "visit_const_float", ExprKind.ConstBool: "visit_const_bool",
    ExprKind.Binary: "visit_binary_expr", ExprKind.Unary: "visit_unary_expr",
    ExprKind.Cast: "visit_cast", ExprKind.Call: "visit_call",
    ExprKind.MakeTuple: "visit_make_tuple", ExprKind.TupleGetItem: "visit_tuple_get_item",
    ExprKind.FunctionCall: "visit_function_call",
}


class IRVisitor:
    """Walks a Program, Function, Stmt or Expr; every ``visit_*`` returns None."""

    def __init__(self):
        pass

    def visit_program(self, program: Program) -> None:
        for f in program.functions:
            self.visit_function(f)

    def visit_function(self, function: Function) -> None:
        self.visit_stmt(function.body)

    def visit_stmt(self, stmt) -> None:
        return getattr(self, _STMT_METHODS[_stmt_kind(stmt)])(stmt)

    def visit_expr(self, expr) -> None:
        return getattr(self, _EXPR_METHODS[expr.kind])(expr)

    def _exprs(self, exprs) -> None:
        for e in exprs:
            self.visit_expr(e)

    def visit_assign_stmt(self, s) -> None:
        self.visit_expr(s.value)

    def visit_eval_stmt(self, s) -> None:
        self.visit_expr(s.expr)

    def visit_return_stmt(self, s) -> None:
        self._exprs(s.values)

    def visit_yield_stmt(self, s) -> None:
        self._exprs(s.values)

    def visit_seq_stmts(self, s) -> None:
        for child in s.stmts:
            self.visit_stmt(child)

    def visit_for_stmt(self, s) -> None:
        self._exprs([s.start, s.stop, s.step] + [a.init for a in s.iter_args])
        self.visit_stmt(s.body)

    def visit_while_stmt(self, s) -> None:
        self._exprs([a.init for a in s.iter_args])
        self.visit_expr(s.cond)
        self.visit_stmt(s.body)

    def visit_if_stmt(self, s) -> None:
        self.visit_expr(s.cond)
        self.visit_stmt(s.then_body)
        if s.else_body is not None:
            self.visit_stmt(s.else_body)

    def visit_scope_stmt(self, s) -> None:
        self.visit_stmt(s.body)

    def visit_split_aiv_scope_stmt(self, s) -> None:
        self.visit_stmt(s.body)

    def _leaf(self, e) -> None:
        return None

    visit_var = visit_const_int = visit_const_float = visit_const_bool = _leaf

    def visit_binary_expr(self, e) -> None:
        self._exprs([e.lhs, e.rhs])

    def visit_unary_expr(self, e) -> None:
        self.visit_expr(e.operand)

    def visit_cast(self, e) -> None:
        self.visit_expr(e.value)

    def visit_call(self, e) -> None:
        self._exprs(e.args)

    def visit_make_tuple(self, e) -> None:
        self._exprs(e.elements)

    def visit_tuple_get_item(self, e) -> None:
        self.visit_expr(e.tuple)

    def visit_function_call(self, e) -> None:
        self._exprs(e.args)


def _same(a, b) -> bool:
    return a is b or (a is not None and b is not None and a.same_as(b))


def _all_same(xs, ys) -> bool:
    return len(xs) == len(ys) and all(_same(x, y) for x, y in zip(xs, ys))


class IRMutator:
    """Rewrites a Program, Function, Stmt or Expr: each ``visit_*`` returns the node that
    replaces its argument (the argument itself when nothing changed)."""

    def __init__(self):
        pass

    def visit_program(self, program: Program) -> Program:
        old = list(program.functions)
        new = [self.visit_function(f) for f in old]
        if _all_same(old, new):
            return program
        return Program(new, program.name, program.span)

    def visit_function(self, function: Function) -> Function:
        body = self.visit_stmt(function.body)
        if _same(body, function.body):
            return function
        return Function(function.name, list(function.params), list(function.return_types), body,
                        function.span, function.func_type, attrs=function.attrs)

    def visit_stmt(self, stmt):
        return getattr(self, _STMT_METHODS[_stmt_kind(stmt)])(stmt)

    def visit_expr(self, expr):
        return getattr(self, _EXPR_METHODS[expr.kind])(expr)

    def _exprs(self, exprs):
        return [self.visit_expr(e) for e in exprs]

    def visit_assign_stmt(self, s):
        value = self.visit_expr(s.value)
        return s if _same(value, s.value) else AssignStmt(s.var, value, s.span)

    def visit_eval_stmt(self, s):
        e = self.visit_expr(s.expr)
        return s if _same(e, s.expr) else EvalStmt(e, s.span)

    def visit_return_stmt(self, s):
        values = self._exprs(s.values)
        return s if _all_same(values, s.values) else ReturnStmt(values, s.span)

    def visit_yield_stmt(self, s):
        values = self._exprs(s.values)
        return s if _all_same(values, s.values) else YieldStmt(values, s.span)

    def visit_seq_stmts(self, s):
        old = s.stmts
        new = [self.visit_stmt(x) for x in old]
        return s if _all_same(old, new) else SeqStmts(new, s.span)

    def _iter_args(self, iter_args):
        inits = [self.visit_expr(a.init) for a in iter_args]
        changed = not _all_same(inits, [a.init for a in iter_args])
        return [IterArg(a.var, init) for a, init in zip(iter_args, inits)], changed

    def visit_for_stmt(self, s):
        start, stop, step = self._exprs([s.start, s.stop, s.step])
        iter_args, changed = self._iter_args(s.iter_args)
        body = self.visit_stmt(s.body)
        if not changed and _all_same([start, stop, step, body], [s.start, s.stop, s.step, s.body]):
            return s
        return ForStmt(s.loop_var, start, stop, step, iter_args, body, s.return_vars, s.span,
                       s.for_kind, None, s.stage)

    def visit_while_stmt(self, s):
        iter_args, changed = self._iter_args(s.iter_args)
        cond = self.visit_expr(s.cond)
        body = self.visit_stmt(s.body)
        if not changed and _same(cond, s.cond) and _same(body, s.body):
            return s
        return WhileStmt(cond, iter_args, body, s.return_vars, s.span)

    def visit_if_stmt(self, s):
        cond = self.visit_expr(s.cond)
        then_body = self.visit_stmt(s.then_body)
        else_body = None if s.else_body is None else self.visit_stmt(s.else_body)
        if _all_same([cond, then_body], [s.cond, s.then_body]) and _same(else_body, s.else_body):
            return s
        return IfStmt(cond, then_body, else_body, s.return_vars, s.span)

    def visit_scope_stmt(self, s):
        body = self.visit_stmt(s.body)
        if _same(body, s.body):
            return s
        return ScopeStmt(s.level, body, s.span, optimizations=list(s.optimizations),
                         name_hint=s.name_hint, allow_early_resolve=s.allow_early_resolve)

    def visit_split_aiv_scope_stmt(self, s):
        body = self.visit_stmt(s.body)
        return s if _same(body, s.body) else SplitAivStmt(s.mode, 2, "", body=body, span=s.span)

    def _leaf(self, e):
        return e

    visit_var = visit_const_int = visit_const_float = visit_const_bool = _leaf

    def visit_binary_expr(self, e):
        lhs, rhs = self._exprs([e.lhs, e.rhs])
        if _all_same([lhs, rhs], [e.lhs, e.rhs]):
            return e
        return _core.make_binary(e.op, lhs, rhs, e.span)

    def visit_unary_expr(self, e):
        operand = self.visit_expr(e.operand)
        return e if _same(operand, e.operand) else _core.make_unary(e.op, operand, e.span)

    def visit_cast(self, e):
        value = self.visit_expr(e.value)
        return e if _same(value, e.value) else _core.make_cast(value, e.dtype, e.span)

    def visit_call(self, e):
        args = self._exprs(e.args)
        if _all_same(args, e.args):
            return e
        return Call(e.op, args, e.kwargs, e.attrs, e.type, e.span)

    def visit_make_tuple(self, e):
        elements = self._exprs(e.elements)
        return e if _all_same(elements, e.elements) else MakeTuple(elements, e.span)

    def visit_tuple_get_item(self, e):
        t = self.visit_expr(e.tuple)
        return e if _same(t, e.tuple) else TupleGetItem(t, e.index, e.span)

    def visit_function_call(self, e):
        args = self._exprs(e.args)
        if _all_same(args, e.args):
            return e
        return FunctionCall(e.callee, args, e.type, e.span, e.attrs)
