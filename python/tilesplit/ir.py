"""The IR as seen from Python: read-only nodes, parsing, printing and structural equality.

Every node is the C++ node itself (no copy); attributes are read-only. Dimensions of shapes are
Python ints when constant and ``Expr`` otherwise. ``==`` on nodes is identity (a ``Var`` is a
variable, not a name); compare structure with ``structural_equal``.
"""

from __future__ import annotations

import os
from typing import Union

from . import _core
from . import _errors
from ._errors import UserError

# Node classes and enumerations, re-exported under their C++ names.
from ._core import (  # noqa: F401
    AssignStmt, Binary, BinaryOp, Call, Cast, CompactMode, ConstBool, ConstFloat, ConstInt,
    DataType, EqualResult, EvalStmt, Expr, ExprKind, ForKind, ForStmt, Function, FunctionCall,
    FunctionType,
    IfStmt, IterArg, Level, MakeTuple, MemorySpace, Param, ParamDirection, PadValue, Program,
    ReturnStmt, ScalarType, ScopeOptimization, ScopeOptimizationKind, ScopeStmt, SeqStmts, Span,
    SplitAivStmt, SplitMode, Stmt, StmtKind, TensorLayout, TensorType, TensorView, TileLayout,
    TileType, TileView, TupleGetItem, TupleType, Type, TypeKind, Unary, UnaryOp, UnknownType, Var,
    WhileStmt,
    YieldStmt,
)

Node = Union[Program, Function, Stmt, Expr]

# Every statement kind's node class, from the C++ list of kinds (ir/node_kinds.h): a kind added
# there is exported here with no edit (the names above are for readers and linters).
STMT_CLASSES = tuple(info.node_class for info in _core.stmt_kinds())
globals().update({cls.__name__: cls for cls in STMT_CLASSES})


# Calls whose arguments do not fit any signature at all (a missing argument, an unknown keyword)
# never reach the bindings' own validation; pybind11 answers them with its "incompatible
# constructor arguments" text. One wrapper per constructor turns that into a TypeError naming the
# class and its signatures in Python terms.
def _signatures(cls) -> str:
    import re
    doc = cls.__init__.__doc__ or ""
    out = []
    for line in doc.splitlines():
        m = re.match(r"^(?:\d+\. )?__init__\(self: [\w.]+(?:, )?(.*)\) -> None$", line.strip())
        if m:
            args = re.sub(r"<(\w+\.\w+): -?\d+>", r"\1", m.group(1))
            args = re.sub(r": [\w.\[\], ]+?( = |,|$)", r"\1", args)
            out.append(f"{cls.__name__}({args})")
    return " or ".join(out) or f"{cls.__name__}(...)"


def _explain_signature_errors(cls) -> None:
    init = cls.__init__
    signatures = _signatures(cls)

    def __init__(self, *args, **kwargs):
        try:
            init(self, *args, **kwargs)
        except TypeError as e:
            if "incompatible constructor arguments" not in str(e):
                raise
            given = [type(a).__name__ for a in args] + [f"{k}=" for k in kwargs]
            raise TypeError(f"{cls.__name__}(): the arguments ({', '.join(given)}) match no "
                            f"signature of {signatures}") from None

    __init__.__doc__ = init.__doc__
    cls.__init__ = __init__


for _cls in (Call, ConstBool, ConstFloat, ConstInt, Function, FunctionCall, IterArg, MakeTuple,
             Param, Program, ScalarType, Span, TensorType, TensorView, TileType, TileView,
             TupleGetItem, TupleType, Var) + STMT_CLASSES:
    _explain_signature_errors(_cls)


# A node parsed from a Python kernel (tilesplit.language) has spans in the dedented, rewritten
# copy of its source; Span.col reports the column in the .py file instead (raw_col keeps the
# parser's).
def _span_col(span: Span) -> int:
    return _errors.remap_span((span.file_id, span.line, span.raw_col))[2]


Span.raw_col = _core.Span.col
Span.col = property(_span_col, doc="1-based column in the file the span names")
Span.__repr__ = lambda s: (f"<Span {s.filename}:{s.line}:{s.col}>" if s.valid else "<Span: none>")


def _split_mode_eq(self, other):
    if isinstance(other, SplitMode):
        return int(self) == int(other)
    if isinstance(other, int) and not isinstance(other, bool):
        return int(self) == other
    return NotImplemented


# A split code compares equal to its integer (`f.attrs["split"] == 1`), since kwargs spell it as
# an int and attrs as the enum; the hash is already the integer's.
SplitMode.__eq__ = _split_mode_eq
SplitMode.__ne__ = lambda self, other: (NotImplemented if (r := _split_mode_eq(self, other))
                                        is NotImplemented else not r)


class ConstDim(int):
    """A constant dimension: a Python int that also answers ``.value`` and ``.dtype`` like the
    ``ConstInt`` it stands for (PyPTO code reads ``int(dim.value)``)."""

    __slots__ = ()

    @property
    def value(self) -> int:
        return int(self)

    @property
    def dtype(self) -> DataType:
        return DataType.INDEX


def _dims(getter):
    def read(self):
        return [ConstDim(d) if type(d) is int else d for d in getter(self)]

    return property(read, doc=getattr(getter, "__doc__", None))


for _cls, _attr in ((TileType, "shape"), (TileType, "valid_shape"), (TensorType, "shape"),
                    (TensorType, "valid_shape"), (TileView, "valid_shape"), (TileView, "stride"),
                    (TensorView, "valid_shape"), (TensorView, "stride")):
    setattr(_cls, _attr, _dims(getattr(_cls, _attr).fget))
del _cls, _attr


class FunctionList(list):
    """``Program.functions``: the functions in program order, as a list; also a read-only mapping
    by name in the style of PyPTO (``keys()`` are ``GlobalVar``-like handles sorted by name,
    ``values()`` the functions in that order, ``program.functions["f"]`` looks one up)."""

    def _sorted(self) -> list:
        return sorted(list.__iter__(self), key=lambda f: f.name)

    def keys(self) -> list:
        return [GlobalVar(f.name) for f in self._sorted()]

    def values(self) -> list:
        return self._sorted()

    def items(self) -> list:
        return [(GlobalVar(f.name), f) for f in self._sorted()]

    def _find(self, key):
        name = getattr(key, "name", key)
        if isinstance(name, str):
            for f in list.__iter__(self):
                if f.name == name:
                    return f
        return None

    def get(self, key, default=None):
        found = self._find(key)
        return default if found is None else found

    def __getitem__(self, key):
        if isinstance(key, (int, slice)):
            return list.__getitem__(self, key)
        found = self._find(key)
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key) -> bool:
        if isinstance(key, Function):
            return any(f.same_as(key) for f in list.__iter__(self))
        return self._find(key) is not None


class GlobalVar:
    """The name of a function of a program, as a mapping key (PyPTO's GlobalVar)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other) -> bool:
        return isinstance(other, GlobalVar) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("GlobalVar", self.name))

    def __repr__(self) -> str:
        return f"GlobalVar({self.name!r})"


_program_functions = Program.functions.fget
Program.functions = property(lambda self: FunctionList(_program_functions(self)),
                             doc="The functions (a list, also a mapping by name: FunctionList).")


def parse(text: str, filename: str = "<string>", *, convert_to_ssa: bool = True) -> Program:
    """Parses DSL text (dsl.md) into a Program; diagnostics name ``filename``.

    Raises tilesplit.UserError on any mistake in the text.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() takes the kernel text as str, not {type(text).__name__}")
    return _core.parse(text, filename, convert_to_ssa)


def parse_file(path: Union[str, os.PathLike], *, convert_to_ssa: bool = True) -> Program:
    """Reads and parses a kernel file; a missing file is a UserError."""
    return _core.parse_file(os.fspath(path), convert_to_ssa)


def concise_text(text: str) -> str:
    """``text`` (the printer's canonical DSL) without the type annotations of assignments
    inside function bodies (``x: pl.Tile[...] = op(...)`` reads ``x = op(...)``); signatures keep
    theirs. For reading only: a concise text need not parse back to the same program."""
    import ast

    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.split("\n")
    cuts: dict = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.AnnAssign) and node.value is not None
                and isinstance(node.target, ast.Name) and node.lineno == node.end_lineno):
            cuts.setdefault(node.lineno - 1, []).append(
                (node.target.end_col_offset, node.value.col_offset))
    for i, spans in cuts.items():
        raw = lines[i].encode("utf-8")
        for start, end in sorted(spans, reverse=True):
            raw = raw[:start] + b" = " + raw[end:]
        lines[i] = raw.decode("utf-8")
    return "\n".join(lines)


def as_python(node: Node, concise: bool = False) -> str:
    """The canonical DSL text of a program, function or statement (also ``str(node)``);
    ``concise=True`` drops the type annotations of assignments (``concise_text``)."""
    text = str(node)
    return concise_text(text) if concise else text


def _as_python_method(cls) -> None:
    printer = cls.as_python

    def method(self, concise: bool = False) -> str:
        text = printer(self)
        return concise_text(text) if concise else text

    method.__doc__ = ("The canonical DSL text (the C++ printer); concise=True drops the type "
                      "annotations of assignments inside function bodies.")
    cls.as_python = method


for _cls in (Program, Function):
    _as_python_method(_cls)


def flatten_stmts(body: Stmt) -> list:
    """The statements of ``body`` with nested SeqStmts flattened."""
    return _core.flatten_stmts(body)


def _check_same_family(a, b) -> None:
    for family in (Program, Function, Stmt, Expr):
        if isinstance(a, family) or isinstance(b, family):
            if not (isinstance(a, family) and isinstance(b, family)):
                raise TypeError(
                    f"structural_equal compares two nodes of one family, got "
                    f"{type(a).__name__} and {type(b).__name__}")
            return
    raise TypeError(f"structural_equal takes IR nodes, got {type(a).__name__} and "
                    f"{type(b).__name__}")


def structural_equal(a: Node, b: Node, *, map_free_vars: bool = True,
                     compare_name_hints: bool = False,
                     free_vars_by_name: bool = False) -> EqualResult:
    """Alpha-equivalence (dsl.md 11). The result is truthy when equal; otherwise its ``path``,
    ``lhs``, ``rhs`` and ``describe()`` report the first difference. Without ``map_free_vars``,
    ``free_vars_by_name`` takes free variables of one name and type for the same symbol (a
    ``pl.dynamic`` dimension, of which each parse makes its own variable)."""
    _check_same_family(a, b)
    return _core.structural_equal(a, b, map_free_vars, compare_name_hints, free_vars_by_name)


def assert_structural_equal(a: Node, b: Node, *, map_free_vars: bool = True,
                            compare_name_hints: bool = False) -> None:
    """Raises AssertionError describing the first difference when ``a`` and ``b`` differ."""
    result = structural_equal(a, b, map_free_vars=map_free_vars,
                              compare_name_hints=compare_name_hints)
    if not result:
        raise AssertionError(result.describe())


__all__ = [
    "STMT_CLASSES", "ConstDim", "FunctionList", "GlobalVar", "parse", "parse_file", "as_python", "concise_text", "flatten_stmts", "structural_equal",
    "assert_structural_equal", "UserError",
]
