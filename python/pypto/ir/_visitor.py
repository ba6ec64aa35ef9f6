"""IRVisitor and IRMutator, subclassable in Python (PyPTO's visitor API).

Both walk the bound node accessors; a mutator rebuilds a node (through the library's factories)
only when a child changed, so an unchanged subtree is returned as is. Override ``visit_<node>``
methods (``visit_call``, ``visit_if_stmt``, ``visit_split_aiv_scope_stmt``, ...) and call
``super().visit_<node>(node)`` to keep walking. Types (the expressions inside shapes) are not
visited.

The statement methods are not written out here: they come from the C++ list of statement kinds
(``include/tilesplit/ir/node_kinds.h``, exported as ``_core.stmt_kinds()``), which gives each kind
its method name and the fields holding its expressions and statements in evaluation order. The
default of every ``visit_<stmt>`` walks those fields; the mutator's rebuilds the node through
``_core.with_stmt_fields`` when one of them changed. A new statement kind therefore needs no edit
here.
"""

from __future__ import annotations

from tilesplit import _core
from tilesplit._core import (
    Call, ExprKind, Function, FunctionCall, IterArg, MakeTuple, Program, Stmt, TupleGetItem,
)

__all__ = ["IRVisitor", "IRMutator"]

_STMT_KINDS = _core.stmt_kinds()
_STMT_METHODS = {info.kind: info.visit_method for info in _STMT_KINDS}
# PyPTO's ForStmt.kind is the loop kind (pypto.ir installs it), so the statement kind is read
# through the base class's own attribute.
_STMT_KIND = Stmt.__dict__["kind"]


def _stmt_kind(stmt):
    return _STMT_KIND.__get__(stmt, type(stmt))


# PyPTO calls the CORE_GROUP scope InCoreScopeStmt and its method visit_in_core_scope_stmt. A
# CORE_GROUP scope dispatches there; that method's default is the Scope kind's own
# (visit_scope_stmt), so a subclass may override either name.
_INCORE_METHOD = "visit_in_core_scope_stmt"


def _method_of(stmt) -> str:
    kind = _stmt_kind(stmt)
    if kind == _core.StmtKind.Scope and stmt.level == _core.Level.CORE_GROUP:
        return _INCORE_METHOD
    return _STMT_METHODS[kind]


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
        return getattr(self, _method_of(stmt))(stmt)

    def visit_expr(self, expr) -> None:
        return getattr(self, _EXPR_METHODS[expr.kind])(expr)

    def _exprs(self, exprs) -> None:
        for e in exprs:
            self.visit_expr(e)

    def _visit_field(self, value) -> None:
        # A field of a statement (node_kinds.h): an expression, a statement, an iter arg (its
        # init), a list of those, or None (an absent else branch).
        if value is None:
            return
        if isinstance(value, Stmt):
            self.visit_stmt(value)
        elif isinstance(value, IterArg):
            self.visit_expr(value.init)
        elif isinstance(value, (list, tuple)):
            for v in value:
                self._visit_field(v)
        else:
            self.visit_expr(value)

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
        # PyPTO has one Call node (a function's call has a GlobalVar op): a visitor that
        # overrides visit_call sees function calls there too; a submitted call is its Submit.
        if e.is_submit:
            self.visit_submit(e)
        else:
            self.visit_call(e)

    def visit_submit(self, e) -> None:
        self._exprs(e.args)
        self._exprs(e.deps)


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
        return getattr(self, _method_of(stmt))(stmt)

    def visit_expr(self, expr):
        return getattr(self, _EXPR_METHODS[expr.kind])(expr)

    def _exprs(self, exprs):
        return [self.visit_expr(e) for e in exprs]

    def _mutate_field(self, value):
        # The replacement of a statement's field (node_kinds.h); `value` itself, the same object,
        # when nothing in it changed.
        if value is None:
            return None
        if isinstance(value, IterArg):
            init = self.visit_expr(value.init)
            return value if _same(init, value.init) else IterArg(value.var, init)
        if isinstance(value, (list, tuple)):
            new = [self._mutate_field(v) for v in value]
            return value if all(n is v for n, v in zip(new, value)) else new
        new = self.visit_stmt(value) if isinstance(value, Stmt) else self.visit_expr(value)
        return value if _same(new, value) else new

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
        return e.with_args(args)


def _install_stmt_methods() -> None:
    """The default ``visit_<stmt>`` of each statement kind, from the kinds C++ exports."""
    for info in _STMT_KINDS:
        fields = info.fields

        def visit(self, s, _fields=fields) -> None:
            for name in _fields:
                self._visit_field(getattr(s, name))

        def mutate(self, s, _fields=fields):
            changed = {}
            for name in _fields:
                old = getattr(s, name)
                new = self._mutate_field(old)
                if new is not old:
                    changed[name] = new
            return _core.with_stmt_fields(s, changed) if changed else s

        what = f"the {info.node_class.__name__}'s fields ({', '.join(fields)})"
        visit.__doc__ = f"Visits {what}."
        mutate.__doc__ = f"Mutates {what}; rebuilds the node when one changed."
        for cls, method in ((IRVisitor, visit), (IRMutator, mutate)):
            method.__name__ = info.visit_method
            method.__qualname__ = f"{cls.__name__}.{info.visit_method}"
            setattr(cls, info.visit_method, method)


_install_stmt_methods()


def _visit_in_core_scope_stmt(self, s):
    """PyPTO's name for a CORE_GROUP scope's method: the Scope kind's (visit_scope_stmt)."""
    return self.visit_scope_stmt(s)


IRVisitor.visit_in_core_scope_stmt = _visit_in_core_scope_stmt
IRMutator.visit_in_core_scope_stmt = _visit_in_core_scope_stmt
