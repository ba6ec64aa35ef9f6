"""pypto.ir: hand-built IR, printing, structural equality and visitors, in PyPTO's names.

The classes are tilesplit's own node classes (``pypto.ir.Var is tilesplit.ir.Var``); their
constructors call the library's node factories, so a hand-built node is typed, checked and
canonicalised like a parsed one (a ``TileType`` whose view is the implicit one for its memory
space carries no view, an op call's type is deduced by the operator registry). Importing this
module installs Python operators on ``Expr`` (``pypto.ir.operators``).
"""

from __future__ import annotations

import enum
from typing import Optional

from tilesplit import _core
from tilesplit import ir as _tir
from tilesplit.ir import ConstDim, FunctionList, GlobalVar  # noqa: F401
from tilesplit._core import (  # noqa: F401
    AssignStmt, Binary, BinaryOp, Call, Cast, CompactMode, ConstBool, ConstFloat, ConstInt,
    DataType, EvalStmt, Expr, ExprKind, ForKind, ForStmt, Function, FunctionCall, FunctionType,
    IfStmt, IterArg, Level, MakeTuple, MemorySpace, Op, Param, ParamDirection, PadValue, Program,
    ReturnStmt, ScalarType, ScopeOptimization, ScopeStmt, SeqStmts, Span, SplitAivStmt,
    SplitMode, Stmt, StmtKind, TensorLayout, TensorType, TensorView, TileLayout, TileType,
    TileView, TupleGetItem, TupleType, Type, TypeKind, Unary, UnaryOp, UnknownType, Var,
    WhileStmt, YieldStmt,
)

# Every statement kind's node class, from the C++ list of kinds (ir/node_kinds.h), so that a new
# kind is exported with no edit here (ScopeStmt is redefined below as PyPTO's scope base).
globals().update({cls.__name__: cls for cls in _tir.STMT_CLASSES})

Mem = MemorySpace
TupleGetItemExpr = TupleGetItem
SplitAivScopeStmt = SplitAivStmt
IRNode = (Program, Function, Stmt, Expr)


class Role(enum.Enum):
    Orchestrator = 0
    SubWorker = 1


class ScopeKind(enum.Enum):
    InCore = 0
    SplitAiv = 1


# PyPTO spells the plain loop kind "Sequential".
if not hasattr(ForKind, "Sequential"):
    ForKind.Sequential = ForKind.range


def get_op(name: str) -> Op:
    """The registered operator ``name`` (ValueError when there is none)."""
    return _core.get_op(name)


def create_op_call(op_name: str, args, kwargs=None, span=None) -> Expr:
    """A call of ``op_name`` whose type the operator deduces; ``(op_name, args, span)`` also
    works. Deduction errors are ValueErrors naming the op."""
    if isinstance(kwargs, Span) and span is None:
        kwargs, span = None, kwargs
    # As in PyPTO, hand-built IR may break an op's memory contract: the verifiers report it.
    return _core.create_op_call(op_name, list(args), kwargs, span, check_memory=False)


# ---------------------------------------------------------------------------------------------
# Reference-named accessors on the shared node classes (read-only).


def _install(cls, name, fget):
    setattr(cls, name, property(fget))


_install(Var, "name_hint", lambda v: v.name)
_install(Var, "unique_id", lambda v: _core.node_id(v))
_install(Param, "name_hint", lambda p: p.var.name)
_install(Param, "span", lambda p: p.var.span)
_install(ConstInt, "dtype", lambda c: c.type.dtype)
_install(ConstFloat, "dtype", lambda c: c.type.dtype)
_install(ReturnStmt, "value", lambda s: s.values)
_install(YieldStmt, "value", lambda s: s.values)
_install(WhileStmt, "condition", lambda s: s.cond)
_install(IfStmt, "condition", lambda s: s.cond)
_install(ForStmt, "kind", lambda s: s.for_kind)
_install(IterArg, "name_hint", lambda a: a.var.name)
_install(IterArg, "type", lambda a: a.var.type)
_install(IterArg, "init_value", lambda a: a.init)
_install(SplitAivStmt, "split", lambda s: s.mode)
_install(SplitAivStmt, "count", lambda s: 2)
_install(SplitAivStmt, "name_hint", lambda s: "")
_install(SplitAivStmt, "scope_kind", lambda s: ScopeKind.SplitAiv)
_install(SplitAivStmt, "attrs", lambda s: {})
_install(ScopeStmt, "attrs", lambda s: {})
_install(ScopeStmt, "scope_kind", lambda s: ScopeKind.InCore)


class _ScopeKindMeta(type):
    """PyPTO's scope classes share a ScopeStmt base: the CORE_GROUP scope and the pl.split_aiv
    region are both instances of ``ir.ScopeStmt`` (tilesplit keeps them as two node kinds)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, cls._kinds)

    def __call__(cls, *args, **kwargs):
        return cls._make(*args, **kwargs)


class ScopeStmt(metaclass=_ScopeKindMeta):  # noqa: F811  (PyPTO's base; builds a CORE_GROUP scope)
    _kinds = (_core.ScopeStmt, SplitAivStmt)
    _make = _core.ScopeStmt


def _incore_scope(split=SplitMode.NONE, name_hint: str = "", body=None, span=None):
    opts = [ScopeOptimization.make_split(SplitMode(int(split)))] if int(split) != 0 else []
    return _core.ScopeStmt(Level.CORE_GROUP, body, span, optimizations=opts, name_hint=name_hint)


class InCoreScopeStmt(metaclass=_ScopeKindMeta):
    """PyPTO's ``with pl.at(level=pl.Level.CORE_GROUP)`` scope node."""

    _kinds = (_core.ScopeStmt,)
    _make = staticmethod(_incore_scope)


class _DistributedMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, TensorType) and obj.distributed

    def __call__(cls, shape, dtype, memref=None, tensor_view=None):
        if memref is not None or tensor_view is not None:
            raise ValueError("DistributedTensorType: tilesplit's distributed tensors carry no "
                             "memref or view")
        return _core.make_distributed_tensor_type(shape, dtype)


class DistributedTensorType(metaclass=_DistributedMeta):
    """A tensor shared across devices (``pld.DistributedTensor[[..], dtype]``): a TensorType
    whose ``distributed`` flag is set, printed and compared as its own kind."""


def serialize(node) -> bytes:
    """The node (program, function, statement or expression) as text that ``deserialize``
    reads back; serializing the result again gives the same bytes."""
    return _core.serialize(node)


def deserialize(data: bytes):
    return _core.deserialize(data)
_install(TileType, "tile_view", lambda t: t.view)
_install(TileType, "memory_space", lambda t: t.memory)
_install(TileType, "memref", lambda t: None)
_install(TensorType, "tensor_view", lambda t: t.view)
_install(TensorType, "memref", lambda t: None)
_install(TupleType, "types", lambda t: t.elements)
TileType.get_effective_tile_view = lambda self: self.effective_view
SeqStmts.__getitem__ = lambda self, i: self.stmts[i]
SeqStmts.__len__ = lambda self: len(self.stmts)

_LEVEL_OF = {FunctionType.AIC: Level.AIC, FunctionType.AIV: Level.AIV,
             FunctionType.Group: Level.CORE_GROUP}


def _function_split(f) -> Optional[SplitMode]:
    value = f.attrs.get("split")
    if value is None or int(value) == 0:
        return None
    return SplitMode(int(value))


_install(Function, "param_directions", lambda f: [p.direction for p in f.params])
_install(Function, "split", _function_split)
# tilesplit stores no level or role: they follow from the function type (AIC, AIV and Group
# functions are SubWorkers at their level), as in PyPTO's newer expansion.
_install(Function, "level", lambda f: _LEVEL_OF.get(f.func_type))
_install(Function, "role", lambda f: Role.SubWorker if f.func_type in _LEVEL_OF else None)

_function_init = Function.__init__


def _function_init_compat(self, name, params, return_types, body, span=None,
                          type=FunctionType.Opaque, level=None, role=None, attrs=None,
                          requires_runtime_binding=False):
    if level is not None and level != _LEVEL_OF.get(type):
        raise ValueError(f"Function '{name}': tilesplit derives the level from the function type "
                         f"({type.name}); level={level} cannot be stored")
    if role is not None and role != (Role.SubWorker if type in _LEVEL_OF else None):
        raise ValueError(f"Function '{name}': tilesplit derives the role from the function type "
                         f"({type.name}); role={role} cannot be stored")
    _function_init(self, name, list(params), list(return_types), body, span, type, attrs)


Function.__init__ = _function_init_compat

_program_init = Program.__init__


def _program_init_compat(self, functions, name="", span=None):
    # A kernel decorated with @pl.function is a one-function Program; accept it as its function.
    flat = []
    for f in functions:
        if isinstance(f, Program):
            flat.extend(f.functions)
        else:
            flat.append(f)
    _program_init(self, flat, name, span)


Program.__init__ = _program_init_compat
# PyPTO's handle of a function by name (the key of Program.functions), or None.
Program.get_global_var = lambda self, name: next(
    (gv for gv in self.functions.keys() if gv.name == name), None)
# PyPTO indexes a program by function name (``program["kernel"]``): None when absent, as
# get_function.
Program.__getitem__ = lambda self, name: self.get_function(name)


# ---------------------------------------------------------------------------------------------
# Printing and equality.


def python_print(node, prefix: str = "pl", concise: bool = False, format: bool = True,
                 explicit_layout: bool = False) -> str:
    """The canonical DSL text of a Program, Function, Stmt or Expr (``import pypto.language as
    pl`` style). Only the prefix ``pl`` is printed; ``concise=True`` drops the type annotations
    of assignments inside function bodies; the other options change nothing, since the canonical
    form is already one statement per line."""
    if prefix != "pl":
        raise ValueError("python_print: tilesplit prints with the prefix 'pl' only")
    return _tir.as_python(node, concise=concise)


for _cls in (Program, Function, Stmt, Expr):
    if not hasattr(_cls, "as_python"):
        _cls.as_python = lambda self: str(self)


def structural_equal(lhs, rhs, enable_auto_mapping: bool = False) -> bool:
    """Structural equality: spans and variable names are ignored, variables defined in the
    compared IR (parameters, assignment targets, loop and iter-arg variables, return variables)
    map to each other by position; a free variable must be the same object on both sides unless
    ``enable_auto_mapping``."""
    if isinstance(lhs, Type) and isinstance(rhs, Type):
        return lhs == rhs  # the registry's type equality (tilesplit._core)
    return bool(_equal(lhs, rhs, enable_auto_mapping))


def assert_structural_equal(lhs, rhs, enable_auto_mapping: bool = False) -> None:
    """Raises ValueError describing the first mismatch."""
    if isinstance(lhs, Type) and isinstance(rhs, Type):
        if lhs != rhs:
            raise ValueError(f"Structural equality check failed: types differ: {lhs} vs {rhs}")
        return
    result = _equal(lhs, rhs, enable_auto_mapping)
    if not result:
        raise ValueError(f"Structural equality check failed: {result.describe()}")


from .builder import IRBuilder, function_call as _function_call  # noqa: E402,F401

_call_new = Call.__new__


def _call_new_compat(cls, *args, **kwargs):
    # ir.Call(gvar, args, span): PyPTO's call of a program function (a GlobalVar callee).
    if args and isinstance(args[0], GlobalVar):
        return _function_call(*args, **kwargs)
    return _call_new(cls, *args, **kwargs)


Call.__new__ = _call_new_compat

_CoreCall = Call


class _CallMeta(type):
    """PyPTO has one Call node, whose op is an operator or a GlobalVar (a function of the
    program); tilesplit keeps a call of a function as its own node (FunctionCall). ``ir.Call``
    is both for isinstance, and builds either (a GlobalVar first argument makes a FunctionCall)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, (_CoreCall, FunctionCall))

    def __subclasscheck__(cls, sub):
        return issubclass(sub, (_CoreCall, FunctionCall))

    def __call__(cls, *args, **kwargs):
        return _CoreCall(*args, **kwargs)

    def __getattr__(cls, name):
        return getattr(_CoreCall, name)


class Call(metaclass=_CallMeta):  # noqa: F811  (PyPTO's Call: an operator's or a function's)
    pass


class _SubmitMeta(type):
    """PyPTO's ir.Submit: tilesplit keeps a submitted call as a FunctionCall that carries its
    task launch (ir::TaskLaunch; ``is_submit``, ``deps``, ``allow_early_resolve``)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, FunctionCall) and obj.is_submit


class Submit(metaclass=_SubmitMeta):
    pass


class _NeverMeta(type):
    def __instancecheck__(cls, obj):
        return False


class RuntimeScopeStmt(metaclass=_NeverMeta):
    """PyPTO's node for ``with pl.scope()`` / ``pl.manual_scope()``: tilesplit keeps none (the
    scope's statements join the enclosing block, docs/task-model.md), so nothing is one."""


# A function call's op, as PyPTO spells it: the callee's GlobalVar.
_install(FunctionCall, "op", lambda c: GlobalVar(c.callee))


def _equal(lhs, rhs, enable_auto_mapping: bool):
    # PyPTO's pl.dynamic symbol is one object however many programs use it; each of our parses
    # makes its own variable for it, so without auto mapping a symbol is known by its name.
    return _tir.structural_equal(lhs, rhs, map_free_vars=enable_auto_mapping,
                                 compare_name_hints=False, free_vars_by_name=True)


from . import operators  # noqa: E402,F401  (installs Expr operators and ir.add, ir.mul, ...)
from .operators import (  # noqa: E402,F401
    add, sub, mul, truediv, floordiv, floor_div, mod, floor_mod, min_, max_, eq, ne, lt, le, gt,
    ge, and_, or_, neg, not_, cast,
)
from ._visitor import IRMutator, IRVisitor  # noqa: E402,F401
from . import op  # noqa: E402,F401
from .printer import python_print as _printer_python_print  # noqa: E402,F401
from .instruments import make_roundtrip_instrument  # noqa: E402,F401
from ..passes import PassContext  # noqa: E402,F401


# ---------------------------------------------------------------------------------------------
# Compiling to an output directory (tilesplit.artifact: the lowered program and a manifest).


class PassDumpLevel(enum.Enum):
    """``ir.compile(dump_passes=...)``: NONE writes no snapshot; CONCISE and EXPLICIT write the
    program after each pass to passes_dump/ (tilesplit prints one canonical form, with every
    tile's layout, so the two are the same)."""

    NONE = 0
    CONCISE = 1
    EXPLICIT = 2


def compile(program, output_dir=None, strategy=None, dump_passes=True, backend_type=None,
            platform=None, skip_ptoas=False, verification_level=None, memory_planner=None,
            diagnostic_phase=None, disabled_diagnostics=None, profiling=False,
            distributed_config=None, analyze_auto_scopes_for_deps=False,
            enable_pypto_l0c_double_buffer=None, emit_source_loc=None,
            dump_ptoas_passes=False):
    """Lowers ``program`` with the default pipeline and writes ``output_dir`` (default
    ``$PYPTO_PROG_BUILD_DIR`` or ``build_output``, then ``<name>_<timestamp>``): program.py (the
    lowered program), manifest.json, passes_dump/. Returns a ``CompiledProgram``; calling it runs
    the program on the simulator. ``platform`` must be a simulator platform (a2a3sim, a5sim) or
    None; the options that configure a device toolchain warn by name when set, and
    ``distributed_config`` is refused."""
    from tilesplit.artifact import compile_program

    if backend_type is not None:
        from .. import backend as _backend

        if not isinstance(backend_type, _backend.BackendType):
            raise TypeError(f"backend_type must be a BackendType, not "
                            f"{type(backend_type).__name__}")
    return compile_program(
        program, output_dir, platform=platform, dump_passes=dump_passes, strategy=strategy,
        backend_type=backend_type, verification_level=verification_level, profiling=profiling,
        distributed_config=distributed_config, skip_ptoas=skip_ptoas,
        memory_planner=memory_planner, diagnostic_phase=diagnostic_phase,
        disabled_diagnostics=disabled_diagnostics,
        analyze_auto_scopes_for_deps=analyze_auto_scopes_for_deps,
        enable_pypto_l0c_double_buffer=enable_pypto_l0c_double_buffer,
        emit_source_loc=emit_source_loc, dump_ptoas_passes=dump_ptoas_passes)


from tilesplit.artifact import CompiledProgram  # noqa: E402,F401
