"""pypto.ir.IRBuilder: PyPTO's imperative program builder, as a thin layer over the node
constructors (``ir.Var``, ``ir.AssignStmt``, ``ir.Function``, ``ir.Program``). It only assembles
nodes: every call it builds is made by the operator registry, and the program it returns is
checked by the same C++ code as a parsed one when a pass runs on it."""

from __future__ import annotations

import contextlib
from typing import List, Optional

from tilesplit import _core


def _span(span):
    return span if span is not None else _core.Span.unknown()


class _FunctionFrame:
    def __init__(self, builder: "IRBuilder", name: str, type, span):
        self._b = builder
        self.name = name
        self.type = type
        self.span = span
        self.params: List = []
        self.return_types: List = []
        self.stmts: List = []
        self._result = None

    def param(self, name: str, type, direction=None, span=None):
        var = _core.Var(name, type, _span(span))
        direction = direction if direction is not None else _core.ParamDirection.In
        self.params.append(_core.Param(var, direction))
        return var

    def return_type(self, type) -> None:
        self.return_types.append(type)

    def get_result(self):
        if self._result is None:
            raise RuntimeError(f"IRBuilder: function '{self.name}' is still being built")
        return self._result


def _declared_function_class():
    from . import GlobalVar

    class DeclaredFunction(GlobalVar):
        """A function declared in a program being built: ``ir.Call(gvar, args, span)`` calls it
        once it is added (its return types give the call's type)."""

        __slots__ = ("return_types",)

        def __init__(self, name: str):
            super().__init__(name)
            self.return_types = None

    return DeclaredFunction


class _DeclaredFunctionProxy:
    cls = None


def _DeclaredFunction(name: str):
    if _DeclaredFunctionProxy.cls is None:
        _DeclaredFunctionProxy.cls = _declared_function_class()
    return _DeclaredFunctionProxy.cls(name)


def function_call(gvar, args, span=None):
    """``ir.Call(gvar, args, span)``: a call of a function of the program being built."""
    from . import FunctionCall, TupleType
    types = getattr(gvar, "return_types", None)
    if types is None:
        raise ValueError(f"Call(): function '{gvar.name}' has no known return type yet: add it "
                         f"to the program (IRBuilder add_function) before calling it")
    type = types[0] if len(types) == 1 else TupleType(list(types))
    return FunctionCall(gvar.name, list(args), type, _span(span))


class _ProgramFrame:
    def __init__(self, name: str, span):
        self.name = name
        self.span = span
        self.functions: List = []
        self._declared = {}
        self._result = None

    def declare_function(self, name: str):
        gvar = _DeclaredFunction(name)
        self._declared[name] = gvar
        return gvar

    def add_function(self, function) -> None:
        self.functions.append(function)
        if function.name in self._declared:
            self._declared[function.name].return_types = list(function.return_types)

    def get_result(self):
        if self._result is None:
            raise RuntimeError(f"IRBuilder: program '{self.name}' is still being built")
        return self._result


class _LoopFrame:
    """The body of a loop being built: ``iter_arg`` and ``return_var`` declare its carries (the
    i-th return var takes the i-th iter arg's type), statements emitted inside the block form its
    body (end it with ``ib.emit(ir.YieldStmt([...]))``)."""

    def __init__(self, span):
        self.span = span
        self.stmts: List = []
        self.iter_args: List = []
        self.return_vars: List = []

    def iter_arg(self, name: str, init, span=None):
        # The carried variable is what the body reads (our IterArg pairs it with its init).
        var = _core.Var(name, init.type, _span(span))
        self.iter_args.append(_core.IterArg(var, init))
        return var

    def return_var(self, name: str, span=None):
        i = len(self.return_vars)
        if i >= len(self.iter_args):
            raise ValueError(f"IRBuilder: return_var '{name}' has no iter_arg to take its type from")
        var = _core.Var(name, self.iter_args[i].var.type, _span(span))
        self.return_vars.append(var)
        return var


class IRBuilder:
    """``with ib.program(name) as p:`` / ``with ib.function(name, type=...) as f:``, then
    ``f.param``, ``f.return_type``, ``ib.let``, ``ib.emit`` and ``ib.return_stmt`` append to the
    innermost function; ``get_result()`` returns the built node after its block."""

    def __init__(self):
        self._functions: List[_FunctionFrame] = []

    def _current(self) -> _FunctionFrame:
        if not self._functions:
            raise RuntimeError("IRBuilder: no function is being built")
        return self._functions[-1]

    @contextlib.contextmanager
    def program(self, name: str, span=None):
        frame = _ProgramFrame(name, _span(span))
        yield frame
        frame._result = _core.Program(frame.functions, name, frame.span)

    @contextlib.contextmanager
    def function(self, name: str, type=None, span=None, **_kwargs):
        from . import Function, FunctionType, SeqStmts  # the compatibility constructors
        frame = _FunctionFrame(self, name, type if type is not None else FunctionType.Opaque,
                               _span(span))
        self._functions.append(frame)
        try:
            yield frame
        finally:
            self._functions.pop()
        body = SeqStmts(frame.stmts, frame.span)
        frame._result = Function(name, frame.params, frame.return_types, body, frame.span,
                                 frame.type)

    @contextlib.contextmanager
    def _loop(self, make, span):
        from . import SeqStmts
        frame = _LoopFrame(_span(span))
        outer = self._current()
        saved, outer.stmts = outer.stmts, frame.stmts
        try:
            yield frame
        finally:
            outer.stmts = saved
        outer.stmts.append(make(frame, SeqStmts(frame.stmts, frame.span)))

    def for_loop(self, loop_var, start, stop, step=1, span=None):
        """``with ib.for_loop(i, 0, n, 1) as loop:`` builds ``for i in pl.range(start, stop,
        step)`` with the carries the block declares (PyPTO's builder)."""
        from . import ForStmt
        return self._loop(lambda f, body: ForStmt(loop_var, start, stop, step, f.iter_args, body,
                                                  f.return_vars, f.span), span)

    def while_loop(self, condition, span=None):
        """``with ib.while_loop(cond) as loop:`` builds a while loop with the carries the block
        declares (PyPTO's builder)."""
        from . import WhileStmt
        return self._loop(lambda f, body: WhileStmt(condition, f.iter_args, body, f.return_vars,
                                                    f.span), span)

    def var(self, name: str, type, span=None):
        return _core.Var(name, type, _span(span))

    def let(self, name: str, value, span=None):
        from . import AssignStmt
        var = _core.Var(name, value.type, _span(span))
        self._current().stmts.append(AssignStmt(var, value, _span(span)))
        return var

    def emit(self, stmt_or_expr, span=None):
        from . import EvalStmt, Expr
        if isinstance(stmt_or_expr, Expr):
            stmt_or_expr = EvalStmt(stmt_or_expr, _span(span))
        self._current().stmts.append(stmt_or_expr)

    def return_stmt(self, values=None, span=None):
        from . import ReturnStmt
        if values is None:
            values = []
        elif not isinstance(values, (list, tuple)):
            values = [values]
        self._current().stmts.append(ReturnStmt(list(values), _span(span)))
