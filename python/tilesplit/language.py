"""Kernels written as Python: ``import tilesplit.language as pl``.

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], ...):
        ...

``@pl.function`` on a module- or function-level def, and ``@pl.program`` on a class holding
``@pl.function`` methods, replace the definition by a parsed ``tilesplit.ir.Program``. The body is
never run by Python: the decorated source (``inspect.getsource``) goes to the C++ parser, which is
the single definition of the language (docs/python.md, dsl.md). Before that the source is
rewritten, and every position in the rewritten text maps back to the .py file:

* it is dedented and preceded by blank lines, so line numbers are those of the file;
* a name the kernel reads but does not bind, that the defining scope binds to a Python int, float
  or bool, is replaced by that literal (so ``N = 128`` outside the kernel makes ``[N, 64]`` the
  static shape ``[128, 64]``); a name bound to ``pl.dynamic("M")`` stays a dynamic dimension;
* another alias of this module (``import tilesplit.language as tl``) is renamed to ``pl``.

Columns shifted by these edits are mapped back in every diagnostic, at parse time and later
(a pass error on the returned program still points into the .py file).

Names other than ``function``, ``program`` and ``dynamic`` (``pl.Tile``, ``pl.FP32``,
``pl.Mem.Vec``, ...) are inert placeholders that exist only so Python can evaluate annotations
and decorator arguments; what they mean is decided by the parser.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import math
import sys
import textwrap
import threading
from typing import Callable, Dict, List, Optional, Tuple

from . import _core, _errors
from ._errors import UserError
from .ir import Program

__all__ = ["function", "program", "dynamic", "DynamicDim", "rewritten_source", "split_aiv",
           "parse_program", "loads_program", "jit", "JitFunction", "RUNTIME"]


# ---------------------------------------------------------------------------------------------
# Placeholders for annotation and decorator evaluation.


class _Placeholder:
    """Any attribute, subscript, call or arithmetic of a placeholder is another placeholder."""

    __slots__ = ("_text",)

    def __init__(self, text: str):
        self._text = text

    def __getattr__(self, name: str) -> "_Placeholder":
        if name.startswith("__"):
            raise AttributeError(name)
        return _Placeholder(f"{self._text}.{name}")

    def __getitem__(self, item) -> "_Placeholder":
        return _Placeholder(f"{self._text}[...]")

    def __call__(self, *args, **kwargs) -> "_Placeholder":
        decorated = len(args) == 1 and not kwargs and (inspect.isfunction(args[0])
                                                       or inspect.isclass(args[0]))
        if decorated:
            # Used as a decorator: a misspelt pl.function must not silently swallow the kernel.
            raise AttributeError(f"'pl.{self._text}' is not a tilesplit.language decorator "
                                 f"(use @pl.function or @pl.program)")
        return _Placeholder(f"{self._text}(...)")

    def __repr__(self) -> str:
        return f"pl.{self._text}"

    def _op(self, *_):
        return _Placeholder(f"({self._text} op ...)")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _op
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __truediv__ = __rtruediv__ = _op
    __neg__ = _op


class DynamicDim(_Placeholder):
    """``M = pl.dynamic("M")``: a program-wide dynamic dimension (dsl.md 3)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name

    def __repr__(self) -> str:
        return f'pl.dynamic("{self.name}")'


def dynamic(name: str) -> DynamicDim:
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"pl.dynamic takes an identifier string, got {name!r}")
    return DynamicDim(name)


# The enumerations are the IR's own (``pl.FP32 is ir.DataType.FP32``, ``pl.Mem.Vec is
# ir.MemorySpace.Vec``), so values read from decorator arguments can be handed to the IR API.
DataType = _core.DataType
globals().update(DataType.__members__)
MemorySpace = Mem = _core.MemorySpace
SplitMode = _core.SplitMode
FunctionType = _core.FunctionType
Level = _core.Level
TileLayout = _core.TileLayout
TensorLayout = _core.TensorLayout
PadValue = _core.PadValue


def parse_program(text: str, filename: str = "<string>") -> Program:
    """A Program from DSL text (``tilesplit.parse``), for kernels that are not in a .py file.
    Errors are ParserSyntaxError / InvalidOperationError (both UserErrors, so ValueErrors)."""
    try:
        # Like the decorator: a program before infer-tile-memory-space (see _parse_rewritten).
        return _core.parse(text, filename, True, True)
    except UserError as e:
        raise _errors.as_parser_error(e) from None


def loads_program(path) -> Program:
    """A Program from a file of DSL text (a compiled artifact's program.py, a pass dump)."""
    import pathlib

    path = pathlib.Path(path)
    return parse_program(path.read_text(encoding="utf-8"), str(path))


class _Runtime:
    """``pl.RUNTIME``: a scalar argument of ``kernel.compile(...)`` left unspecialized (its value
    arrives with each call of the compiled program)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "pl.RUNTIME"


RUNTIME = _Runtime()


def split_aiv(n, *, mode=None):
    """``for aiv_id in pl.split_aiv(2, mode=...)`` is read by the parser; called from Python it
    only checks its arguments (the region count must be the integer 2)."""
    if isinstance(n, bool) or not isinstance(n, int) or n != 2:
        raise ValueError(f"pl.split_aiv: the lane count must be the integer 2, got {n!r}")
    return _Placeholder("split_aiv(...)")


def __getattr__(name: str):
    # Module-level fallback: pl.Tile, pl.FP32, pl.Mem, ... (PEP 562).
    if name.startswith("_"):
        raise AttributeError(f"module 'tilesplit.language' has no attribute '{name}'")
    return _Placeholder(name)


# ---------------------------------------------------------------------------------------------
# Source rewriting with a column map back to the file.


class _LineMap:
    """Maps a column of one rewritten line to the column of the original line."""

    __slots__ = ("strip", "edits", "indent")

    def __init__(self, strip: int):
        self.strip = strip  # characters of indentation removed by the dedent
        # (new_start, new_end, old_start, old_end), 0-based, in dedented coordinates, sorted
        self.edits: List[Tuple[int, int, int, int]] = []
        self.indent = 0  # characters put before the rewritten line (a function moved into a class)

    def to_original(self, col: int) -> int:
        new0 = col - 1 - self.indent
        delta = 0
        for new_start, new_end, old_start, old_end in self.edits:
            if new0 < new_start:
                break
            if new0 < new_end:
                return old_start + self.strip + 1
            delta = old_end - new_end
        return new0 + delta + self.strip + 1


class _Rewritten:
    def __init__(self, filename: str, first_line: int, text: str, maps: Dict[int, _LineMap]):
        self.filename = filename
        self.first_line = first_line
        self.text = text
        self.maps = maps
        # The pieces of `text` (jit_compose.py builds a program from several functions' pieces):
        # the rewritten lines of the definition and the declarations of its dynamic dimensions.
        self.lines: List[str] = []
        self.declarations: List[str] = []

    def map_col(self, line: int, col: int) -> int:
        m = self.maps.get(line)
        return m.to_original(col) if m is not None and col > 0 else col


def _byte_to_char(line: str, byte_offset: int) -> int:
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def _bound_names(tree: ast.AST) -> set:
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
    return bound


_MISSING = object()


def _literal_for(value, declarations: Dict[str, str]) -> Optional[str]:
    """The DSL literal for an outer-scope Python constant, or None when it is not one. A list or
    tuple of constants (``SHAPE = [128, M]``) is one too; the dynamic dimensions it holds are
    added to ``declarations``."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, DynamicDim):
        declarations[value.name] = f'{value.name} = pl.dynamic("{value.name}")'
        return value.name
    if isinstance(value, (list, tuple)):
        found: Dict[str, str] = {}
        items = [_literal_for(v, found) for v in value]
        if any(i is None for i in items):
            return None
        declarations.update(found)
        if isinstance(value, list):
            return "[" + ", ".join(items) + "]"
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return None


def _rewrite(obj, scope_locals: dict, scope_globals: dict, jit=None) -> _Rewritten:
    try:
        lines, first_line = inspect.getsourcelines(obj)
        filename = inspect.getsourcefile(obj) or inspect.getfile(obj)
    except (OSError, TypeError) as e:
        raise UserError(f"cannot read the source of {getattr(obj, '__qualname__', obj)!r} "
                        f"({e}); write kernels in a .py file, or use tilesplit.parse(text)",
                        rendered="") from None
    first_line = max(first_line, 1)
    lines = [ln.rstrip("\r\n") for ln in lines]

    # Dedent by the first line's indentation; a shallower line (inside brackets) loses only
    # the whitespace it has.
    indent = len(lines[0]) - len(lines[0].lstrip(" \t"))
    maps: Dict[int, _LineMap] = {}
    dedented = []
    for i, ln in enumerate(lines):
        lead = len(ln) - len(ln.lstrip(" \t"))
        strip = min(lead, indent)
        dedented.append(ln[strip:])
        maps[first_line + i] = _LineMap(strip)

    edits: Dict[int, List[Tuple[int, int, str]]] = {}
    declarations: Dict[str, str] = {}
    try:
        tree = ast.parse("\n".join(dedented))
    except SyntaxError:
        tree = None  # leave the text alone: the C++ parser reports the problem with a location
    if tree is not None and jit is not None:
        for lineno, start, end, replacement in jit.edits(tree, dedented):
            edits.setdefault(lineno, []).append((start, end, replacement))
    if tree is not None:
        bound = _bound_names(tree)
        attribute_bases = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        this_module = sys.modules[__name__]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
                continue
            if node.id in bound:
                continue
            value = scope_locals.get(node.id, _MISSING)
            if value is _MISSING:
                value = scope_globals.get(node.id, _MISSING)
            if value is _MISSING:
                continue
            if value is this_module:
                replacement = "pl" if node.id != "pl" else None
            elif id(node) in attribute_bases:
                replacement = None
            elif isinstance(value, DynamicDim):
                declarations[value.name] = f'{value.name} = pl.dynamic("{value.name}")'
                replacement = value.name if value.name != node.id else None
            else:
                replacement = _literal_for(value, declarations)
            if replacement is None or node.lineno != node.end_lineno:
                continue
            text = dedented[node.lineno - 1]
            start = _byte_to_char(text, node.col_offset)
            end = _byte_to_char(text, node.end_col_offset)
            if any(s0 <= start < e0 for s0, e0, _ in edits.get(node.lineno - 1, [])):
                continue  # inside a @pl.jit specialization's edit
            edits.setdefault(node.lineno - 1, []).append((start, end, replacement))

    out_lines = []
    for i, ln in enumerate(dedented):
        line_edits = sorted(edits.get(i, []))
        if not line_edits:
            out_lines.append(ln)
            continue
        m = maps[first_line + i]
        pieces, pos, new_len = [], 0, 0
        for start, end, replacement in line_edits:
            pieces.append(ln[pos:start])
            new_len += start - pos
            m.edits.append((new_len, new_len + len(replacement), start, end))
            pieces.append(replacement)
            new_len += len(replacement)
            pos = end
        pieces.append(ln[pos:])
        out_lines.append("".join(pieces))

    # Blank lines up to the kernel's first line keep line numbers equal to the file's; the
    # dynamic-dimension declarations a body needs go there when they fit.
    padding = [""] * (first_line - 1)
    decls = sorted(declarations.values())
    if decls and len(decls) <= len(padding):
        padding[: len(decls)] = decls
    text = "\n".join(padding + out_lines) + "\n"
    rw = _Rewritten(filename, first_line, text, maps)
    rw.lines = out_lines
    rw.declarations = decls
    return rw


# ---------------------------------------------------------------------------------------------
# Parsing with diagnostics mapped back to the file.

_lock = threading.Lock()
_file_ids: Dict[str, Tuple[str, int]] = {}  # filename -> (text, file id) of the original file


def _original_file_id(filename: str) -> int:
    text = "".join(linecache.getlines(filename))
    cached = _file_ids.get(filename)
    if cached is not None and cached[0] == text:
        return cached[1]
    file_id = _core.register_source(filename, text)
    _file_ids[filename] = (text, file_id)
    return file_id


def _any_file_id(program: Program) -> int:
    if program.span.valid:
        return program.span.file_id
    for f in program.functions:
        if f.span.valid:
            return f.span.file_id
    return 0


def _parse_rewritten(rw: _Rewritten) -> Program:
    with _lock:
        original = _original_file_id(rw.filename)
        # The parser registers the rewritten text under a file id we learn only from its result;
        # meanwhile any diagnostic carrying the file's name but not the original's id is from it.
        pending = _PendingRemap(rw, original)
        _errors._pending = pending
        try:
            # A decorated program is a PyPTO program before infer-tile-memory-space: its memory
            # contract is checked by the TileMemoryInferred verifier at the first pass needing it.
            program = _core.parse(rw.text, rw.filename, True, True)
        except UserError as e:
            raise _errors.as_parser_error(e) from None
        finally:
            _errors._pending = None
        file_id = _any_file_id(program)
        if file_id:
            _errors.register_remap(file_id, original, rw.map_col)
        return program


class _PendingRemap:
    def __init__(self, rw: _Rewritten, original: int):
        self.rw = rw
        self.original = original

    def matches(self, file_id: int) -> bool:
        return (file_id != 0 and file_id != self.original
                and _core.source_name(file_id) == self.rw.filename)


def rewritten_source(obj, scope_locals: Optional[dict] = None,
                     scope_globals: Optional[dict] = None) -> str:
    """The text handed to the parser for a kernel function or class (for debugging)."""
    target = getattr(obj, "_tilesplit_python", obj)
    if scope_globals is None:
        scope_globals = getattr(target, "__globals__", {})
    return _rewrite(target, scope_locals or {}, scope_globals).text


# ---------------------------------------------------------------------------------------------
# Decorators.


class _MethodKernel:
    """A ``@pl.function`` inside a class body: parsed with its class by ``@pl.program``."""

    def __init__(self, fn: Callable):
        self._tilesplit_python = fn
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__doc__ = fn.__doc__

    def __repr__(self) -> str:
        return f"<tilesplit kernel method {self.__qualname__} (parsed by @pl.program)>"


def _in_class_body(fn: Callable) -> bool:
    parts = fn.__qualname__.split(".")
    return len(parts) >= 2 and parts[-2] != "<locals>"


def _decorate_function(fn: Callable, frame) -> object:
    if not callable(fn) or not hasattr(fn, "__code__"):
        raise TypeError(f"@pl.function decorates a def, not {type(fn).__name__}")
    if _in_class_body(fn):
        return _MethodKernel(fn)
    return _parse_rewritten(_rewrite(fn, frame.f_locals, frame.f_globals))


def function(fn: Optional[Callable] = None, **_keywords):
    """``@pl.function`` / ``@pl.function(type=..., attrs={...})``.

    On a module- or function-level def the result is a ``tilesplit.ir.Program`` holding that one
    function; inside a ``@pl.program`` class the class is parsed as a whole. The keywords are read
    by the parser from the source text, not from Python.
    """
    if fn is not None:
        return _decorate_function(fn, sys._getframe(1))

    def decorator(f: Callable):
        return _decorate_function(f, sys._getframe(1))

    return decorator


def program(cls=None, **_keywords):
    """``@pl.program`` on a class of ``@pl.function`` methods: the result is a named Program."""

    def decorate(c, frame):
        if not inspect.isclass(c):
            raise TypeError(f"@pl.program decorates a class, not {type(c).__name__}")
        return _parse_rewritten(_rewrite(c, frame.f_locals, frame.f_globals))

    if cls is not None:
        return decorate(cls, sys._getframe(1))
    return lambda c: decorate(c, sys._getframe(1))


# ---------------------------------------------------------------------------------------------
# @pl.jit: a function whose tensor shapes and dtypes come from the call.


def _attr_chain(node) -> List[str]:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return parts[::-1]


class _JitSpecialization:
    """The text edits that make a @pl.jit def a @pl.function of one call's signature: the
    decorator becomes ``pl.function(type=pl.FunctionType.KIND)`` and every parameter annotated
    with a plain ``pl.Tensor`` (also inside ``pl.Out[...]`` / ``pl.InOut[...]``) gets the shape
    and dtype of the tensor passed for it. The parser then reads an ordinary function; every rule
    of the language stays its."""

    def __init__(self, kind: str, types: Dict[str, str]):
        self.kind = kind
        self.types = types  # parameter name -> "pl.Tensor[[...], pl.DT]"

    def edits(self, tree, lines):
        fn = tree.body[0] if tree.body else None
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return []
        out = []

        def span(node, replacement):
            if node.lineno != node.end_lineno:
                return
            text = lines[node.lineno - 1]
            out.append((node.lineno - 1, _byte_to_char(text, node.col_offset),
                        _byte_to_char(text, node.end_col_offset), replacement))

        for dec in fn.decorator_list:
            target = dec.func if isinstance(dec, ast.Call) else dec
            chain = _attr_chain(target)
            if "jit" in chain:
                span(dec, f"pl.function(type=pl.FunctionType.{self.kind})")
        # A scope named after its function (PyPTO's kernels often use name_hint="<the def's
        # name>") would give the outlined kernel the entry's name: the entry is then `main`.
        hints = {kw.value.value for node in ast.walk(fn) if isinstance(node, ast.Call)
                 for kw in node.keywords
                 if kw.arg == "name_hint" and isinstance(kw.value, ast.Constant)}
        if fn.name in hints and fn.name != "main":
            line = lines[fn.lineno - 1]
            start = line.find("def " + fn.name)
            if start >= 0:
                start += len("def ")
                out.append((fn.lineno - 1, start, start + len(fn.name), "main"))
        for arg in fn.args.args:
            ann = arg.annotation
            if ann is None or arg.arg not in self.types:
                continue
            inner = ann
            if isinstance(ann, ast.Subscript) and _attr_chain(ann.value)[-1:] in (["Out"],
                                                                                  ["InOut"]):
                inner = ann.slice
            if isinstance(inner, ast.Attribute) and inner.attr == "Tensor":
                span(inner, self.types[arg.arg])
        return out


_DTYPE_TEXT = {"FP32", "FP16", "BF16", "INT64", "INT32", "INT16", "INT8", "UINT8", "UINT16",
               "UINT32", "BOOL"}


class JitFunction:
    """A ``@pl.jit`` function. Calling it with tensors (torch CPU tensors, numpy arrays) and ints
    specializes it to their shapes and dtypes (one parsed program per signature, cached), lowers
    it through the default pipeline and runs it on the simulator, writing each Out/InOut result
    back into the caller's tensor: ``kernel(a, b, out, config=RunConfig(platform="a2a3sim"))``.
    ``lower(*tensors)`` returns the lowered program, ``program(*tensors)`` the parsed one."""

    def __init__(self, fn: Callable, kind: str, frame):
        self._fn = fn
        self._kind = kind
        self._locals = dict(frame.f_locals) if frame is not None else {}
        self._globals = fn.__globals__
        self._cache: Dict[tuple, Program] = {}
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __repr__(self) -> str:
        return f"<pl.jit {self._kind} function {self.__qualname__}>"

    def _signature(self, args) -> tuple:
        from .runtime import array_signature

        params = list(inspect.signature(self._fn).parameters)
        if len(args) > len(params):
            raise TypeError(f"{self.__name__}() takes {len(params)} arguments, "
                            f"{len(args)} were given")
        unshaped = self._unshaped_tensor_params()
        missing = [p for p in params[len(args):] if p in unshaped]
        if missing:
            names = ", ".join(f"'{p}'" for p in missing)
            raise TypeError(f"{self.__name__}() missing {len(missing)} required tensor "
                            f"argument{'s' if len(missing) > 1 else ''}: {names} (its shape and "
                            f"dtype come from the tensor passed for it)")
        sig = []
        for name, a in zip(params, args):
            if type(a).__name__ == "DeviceTensor":
                raise TypeError(f"{self.__name__}(): missing inferred tensor metadata for "
                                f"parameter '{name}': a DeviceTensor belongs to its ChipWorker "
                                f"and is not specialized on; compile the kernel "
                                f"({self.__name__}.compile(...)) and dispatch the compiled "
                                f"program through the worker (worker.run)")
            found = array_signature(a)
            if found is None and name in unshaped:
                raise TypeError(f"{self.__name__}(): parameter '{name}' is a pl.Tensor without a "
                                f"shape, so it takes a torch tensor or a numpy array, not "
                                f"{type(a).__name__}")
            sig.append((name, found) if found is not None else (name, None))
        return tuple(sig)

    def _unshaped_tensor_params(self) -> set:
        """The parameters annotated with a bare ``pl.Tensor`` (also inside ``pl.Out[...]`` /
        ``pl.InOut[...]``): their shape and dtype exist only once a tensor is passed."""
        if getattr(self, "_unshaped", None) is None:
            try:
                tree = ast.parse(textwrap.dedent(inspect.getsource(self._fn)))
            except (OSError, TypeError, SyntaxError):
                tree = None
            fn = tree.body[0] if tree is not None and tree.body else None
            names = set()
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in fn.args.args:
                    ann = arg.annotation
                    if isinstance(ann, ast.Subscript) and _attr_chain(ann.value)[-1:] in (
                            ["Out"], ["InOut"]):
                        ann = ann.slice
                    if isinstance(ann, ast.Attribute) and ann.attr == "Tensor":
                        names.add(arg.arg)
            self._unshaped = names
        return self._unshaped

    def program(self, *args) -> Program:
        """The function as a Program specialized to ``args`` (tensors may be omitted when every
        tensor parameter's annotation has its shape)."""
        key = self._signature(args)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        types = {}
        for name, found in key:
            if found is not None:
                shape, dtype = found
                if dtype not in _DTYPE_TEXT:
                    raise TypeError(f"{self.__name__}: parameter '{name}' has dtype {dtype}")
                types[name] = f"pl.Tensor[[{', '.join(str(d) for d in shape)}], pl.{dtype}]"
        from .jit_compose import compose

        rw = compose(self, types) or _rewrite(self._fn, self._locals, self._globals,
                                              jit=_JitSpecialization(self._kind, types))
        prog = _parse_rewritten(rw)
        self._cache[key] = prog
        return prog

    def lower(self, *args, config=None) -> Program:
        """The program lowered by the default pipeline (what a call runs); writes nothing."""
        from . import passes

        return passes.pipeline("default-pipeline")(self.program(*args))

    def _bind_compile_args(self, args, kwargs):
        """The kernel's own arguments of ``compile(*args, **kwargs)``, bound against its
        signature (an unknown keyword is a TypeError, as in Python): the positional list the
        specializer reads, and the scalars fixed at compile time."""
        sig = inspect.signature(self._fn)
        try:
            bound = sig.bind_partial(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}.compile(): {e} (compile options travel in "
                            f"config=RunConfig(...))") from None
        names = list(sig.parameters)
        given = bound.arguments
        # Positional up to the last tensor given; scalars may be left out (pl.RUNTIME).
        positional, fixed = [], {}
        last = max((names.index(n) for n, v in given.items() if v is not RUNTIME
                    and not isinstance(v, int)), default=-1)
        for i, name in enumerate(names):
            default = sig.parameters[name].default
            value = given.get(name, default if default is not inspect.Parameter.empty else RUNTIME)
            if isinstance(value, bool) or (isinstance(value, int) and not isinstance(value, bool)):
                fixed[name] = int(value)
                value = RUNTIME
            if i <= last:
                if value is RUNTIME:
                    value = 0  # a scalar: its value plays no part in the specialization
                positional.append(value)
        return positional, fixed

    def compile(self, *args, config=None, **kwargs):
        """Specializes the function (to the sample tensors' shapes and dtypes, or to its
        annotations when every tensor parameter has its shape) and compiles it to an output
        directory: a CompiledProgram (tilesplit.artifact), the same object for the same
        specialization and platform. A scalar passed as an int is fixed in the artifact (the
        compiled call no longer takes it); ``pl.RUNTIME`` (or leaving it out) keeps it a
        parameter. ``config`` gives the platform and the compile options (dump_passes,
        verification_level, profiling, output_dir, backend_type)."""
        from .artifact import compile_program
        from .runtime import CONFIG_COMPILE_FIELDS

        positional, fixed = self._bind_compile_args(args, kwargs)
        program = self.program(*positional)
        platform = getattr(config, "platform", None) or "a2a3sim"
        options = dict(getattr(config, "options", None) or {})
        compile_options = {k: options[k] for k in CONFIG_COMPILE_FIELDS if k in options}
        key = (id(program), platform, tuple(sorted(fixed.items())),
               tuple(sorted((k, repr(v)) for k, v in options.items())),
               bool(getattr(config, "check", False)))
        cache = self.__dict__.setdefault("_compiled", {})
        if key in cache:
            return cache[key]
        if "verification_level" not in compile_options:
            compile_options["verification_level"] = None
        compiled = compile_program(program, platform=platform, bound_scalars=fixed,
                                   **compile_options)
        compiled.config = config  # its run-time fields (check, ...) apply to the calls
        cache[key] = compiled
        return compiled

    def __call__(self, *args, config=None, check: bool = False):
        from .runtime import outputs_of, run_configured

        return outputs_of(run_configured(self.program(*args), args, config, check=check))


class _Jit:
    """``pl.jit`` (an Opaque entry holding pl.at scopes), ``pl.jit.incore`` (an InCore kernel)
    and ``pl.jit.inline`` (an Inline function)."""

    def __init__(self, kind: str, variants: bool):
        self._kind = kind
        if variants:
            self.incore = _Jit("InCore", False)
            self.inline = _Jit("Inline", False)

    def __call__(self, fn: Optional[Callable] = None, **_options):
        if fn is None:
            return lambda f: JitFunction(f, self._kind, sys._getframe(1))
        if not callable(fn) or not hasattr(fn, "__code__"):
            raise TypeError(f"@pl.jit decorates a def, not {type(fn).__name__}")
        return JitFunction(fn, self._kind, sys._getframe(1))

    def __repr__(self) -> str:
        return "pl.jit" if self._kind == "Opaque" else f"pl.jit.{self._kind.lower()}"


jit = _Jit("Opaque", True)
