"""Shared machinery of the op builder modules: argument normalisation and a generic builder that
maps a Python call onto an operator's registered signature (tilesplit._core.op_signature)."""

from __future__ import annotations

import sys
from typing import Callable, Dict, List, Optional

from tilesplit import _core
from tilesplit._core import MakeTuple, SplitMode, Span


def caller_span(depth: int = 2) -> Optional[Span]:
    """The span of the builder's caller (file and line), PyPTO's default for ``span=None``."""
    try:
        frame = sys._getframe(depth)
    except ValueError:
        return None
    return Span(frame.f_code.co_filename, frame.f_lineno, 1)


def arg(value):
    """A builder argument as an Expr: lists and tuples become a MakeTuple of INDEX constants (or
    of the expressions they hold)."""
    if isinstance(value, (list, tuple)):
        return MakeTuple([_core.to_expr(v) for v in value], None)
    return _core.to_expr(value)


def kwarg(value):
    if isinstance(value, SplitMode):
        return int(value)
    return value


def call(op_name: str, args: List, kwargs: Optional[Dict] = None, span=None, depth: int = 3):
    if span is None:
        span = caller_span(depth)
    clean = {k: kwarg(v) for k, v in (kwargs or {}).items() if v is not None}
    # Like PyPTO's builders, these build calls whose operands break the memory contract; the
    # TileMemoryInferred verifier and the AivSplitValid crossing checks report them.
    return _core.create_op_call(op_name, [arg(a) for a in args], clean, span, check_memory=False)


def is_scalar(value) -> bool:
    """A Python number or a scalar-typed Expr: the rhs that selects an op's scalar form."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return True
    return isinstance(value, _core.Expr) and isinstance(value.type, _core.ScalarType)


def scalar_rhs_builder(prefix: str, name: str, py_name: Optional[str] = None) -> Callable:
    """PyPTO's ``tensor.add`` / ``tile.and_`` & co.: ``prefix.name`` for a tile or tensor rhs,
    ``prefix.names`` (``tensor.adds``, ``tile.ands``) for a scalar one."""

    def build(lhs, rhs, span=None, **kwargs):
        op = f"{prefix}.{name}s" if is_scalar(rhs) else f"{prefix}.{name}"
        return call(op, [lhs, rhs], kwargs or None, span)

    build.__name__ = py_name or name
    return build


def generic(op_name: str) -> Callable:
    """A builder for ``op_name`` taking its declared positional arguments (positionally or by
    name), its kwargs by name, and an optional trailing ``span``."""
    positional, kwarg_names, variadic = _core.op_signature(op_name)
    names = [n for n, _ in positional]

    def build(*args, span=None, **kwargs):
        args = list(args)
        if args and isinstance(args[-1], Span):
            span = args.pop()
        for i, name in enumerate(names):
            if name in kwargs:
                value = kwargs.pop(name)
                while len(args) < i:
                    args.append(None)
                if len(args) == i:
                    args.append(value)
                else:
                    raise TypeError(f"{op_name}: argument '{name}' given twice")
        while args and args[-1] is None:
            args.pop()
        unknown = [k for k in kwargs if k not in kwarg_names]
        if unknown:
            raise TypeError(f"{op_name}: unexpected keyword argument(s) {', '.join(unknown)}")
        return call(op_name, args, kwargs, span)

    build.__name__ = op_name.rsplit(".", 1)[-1]
    build.__doc__ = (f"Builds a call of {op_name}({', '.join(names)}"
                     f"{'; ' + ', '.join(kwarg_names) if kwarg_names else ''}); its type is "
                     f"deduced by the operator.")
    return build


def module_getattr(prefix: str, module_name: str):
    """PEP 562 fallback: any registered ``prefix.NAME`` op is a generic builder."""

    def __getattr__(name: str):
        full = f"{prefix}.{name}"
        if not name.startswith("_") and full in set(_core.registered_ops()):
            return generic(full)
        raise AttributeError(f"module '{module_name}' has no attribute '{name}' (no registered "
                             f"operator {full})")

    return __getattr__

