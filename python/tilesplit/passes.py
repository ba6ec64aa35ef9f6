"""Passes, callable from Python: ``tilesplit.passes.lower_auto_vector_split()(program)``.

One factory per pass in the C++ PassRegistry is generated at import time, its name the
registered kebab-case name in snake_case (``lower-auto-vector-split`` ->
``lower_auto_vector_split``). A factory returns a ``Pass``; calling it maps a Program to a new
Program (the input is never changed).

Instruments observe every pass called inside a ``PassContext``:

    with passes.PassContext([passes.VerifyProperties(), passes.RoundTrip()]):
        lowered = passes.lower_auto_vector_split()(program)

and ``PassContext(remarks=...)`` collects the passes' remarks (what they decided and why, as
``tilesplit opt --remarks`` prints them) in ``context.remarks``:

    with passes.PassContext(remarks="missed") as ctx:
        passes.lower_auto_vector_split()(program)
    for r in ctx.remarks:
        print(r)          # FILE:LINE:COL: remark: MESSAGE [PASS, KIND]
"""

from __future__ import annotations

import contextvars
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Union

from . import _core, _errors
from ._errors import UserError
from .ir import Program

__all__ = [
    "Pass", "PassInstrument", "PassContext", "RoundTrip", "VerifyProperties", "Sequential",
    "Remark", "registered", "get",
]


def _internal(message: str) -> _errors.InternalError:
    return _errors.internal_error_class(
        message, rendered=_core.render_internal_error(message, (0, 0, 0)))


class Pass:
    """A registered pass: ``name``, ``description``, the properties it ``required``,
    ``produced`` and ``invalidated``, and ``__call__(program) -> program``."""

    def __init__(self, impl: "_core.Pass", description: str = ""):
        self._impl = impl
        self.description = description

    @property
    def name(self) -> str:
        return self._impl.name

    @property
    def required(self) -> List[str]:
        return list(self._impl.required)

    @property
    def produced(self) -> List[str]:
        return list(self._impl.produced)

    @property
    def invalidated(self) -> List[str]:
        return list(self._impl.invalidated)

    def __call__(self, program: Program) -> Program:
        if not isinstance(program, Program):
            raise TypeError(f"pass '{self.name}' takes a tilesplit.ir.Program, not "
                            f"{type(program).__name__}")
        instruments = PassContext.current_instruments()
        for inst in instruments:
            inst.before_pass(self, program)
        ctx = PassContext.current()
        if ctx is not None and ctx._remark_kinds is not None:
            result = _core.run_pass_with_remarks(self._impl, program, ctx._take_remark)
        else:
            result = self._impl(program)
        for inst in instruments:
            inst.after_pass(self, program, result)
        return result

    def __repr__(self) -> str:
        return f"<tilesplit.passes.Pass {self.name}>"


class Sequential:
    """Runs passes in order; instruments see each one."""

    def __init__(self, passes: Sequence[Pass]):
        self.passes = list(passes)

    def __call__(self, program: Program) -> Program:
        for p in self.passes:
            program = p(program)
        return program


# ---------------------------------------------------------------------------------------------
# Instruments and their context.


class PassInstrument:
    """Base class: override either hook. Hooks raise to stop the pipeline."""

    def before_pass(self, pass_: Pass, program: Program) -> None:
        pass

    def after_pass(self, pass_: Pass, before: Program, after: Program) -> None:
        pass


class RoundTrip(PassInstrument):
    """After each pass: print -> parse gives a structurally equal program, and printing the
    reparsed program gives the same text (dsl.md 10). A failure is the pass's bug, raised as
    InternalError."""

    def after_pass(self, pass_: Pass, before: Program, after: Program) -> None:
        where = f"after pass '{pass_.name}'"
        text = after.as_python()
        try:
            reparsed = _core.parse(text, f"<{pass_.name} output>", True)
        except UserError as e:
            raise _internal(f"{where}: the printed output does not parse back: {e.message} "
                            f"(printed line {e.line}: `{_line(text, e.line)}`)") from e
        eq = _core.structural_equal(after, reparsed, True, False)
        if not eq:
            raise _internal(f"{where}: print -> parse changed the program: {eq.describe()}")
        again = reparsed.as_python()
        if again != text:
            raise _internal(
                f"{where}: printing is not idempotent: {_first_difference(text, again)}")


class VerifyProperties(PassInstrument):
    """Before each pass, verifies the properties it requires (a violation is the input's fault:
    UserError); after it, the properties it claims to produce (a violation is the pass's fault:
    InternalError). Properties without a registered verifier are skipped and listed in
    ``unverified``; ``verified`` lists what was checked, as (pass, property, "before"/"after")."""

    def __init__(self):
        self.verified: List[tuple] = []
        self.unverified: set = set()

    def before_pass(self, pass_: Pass, program: Program) -> None:
        for prop in pass_.required:
            try:
                checked = _core.verify_property(prop, program)
            except UserError as e:
                raise UserError(
                    f"pass '{pass_.name}' requires property {prop}, which its input violates: "
                    f"{e.message}", e.filename, e.line, e.col,
                    e.rendered.replace(e.message, f"pass '{pass_.name}' requires property {prop}, "
                                       f"which its input violates: {e.message}", 1),
                    e.notes) from e
            self._record(pass_, prop, "before", checked)

    def after_pass(self, pass_: Pass, before: Program, after: Program) -> None:
        for prop in pass_.produced:
            try:
                checked = _core.verify_property(prop, after)
            except UserError as e:
                raise _internal(f"pass '{pass_.name}' claims to produce property {prop}, but its "
                                f"output violates it: {e.rendered.rstrip()}") from e
            self._record(pass_, prop, "after", checked)

    def _record(self, pass_: Pass, prop: str, when: str, checked: bool) -> None:
        if checked:
            self.verified.append((pass_.name, prop, when))
        else:
            self.unverified.add(prop)


_current: contextvars.ContextVar = contextvars.ContextVar("tilesplit_pass_context", default=None)


class Remark:
    """One remark of a pass: ``kind`` ("passed", "missed" or "analysis"), where it points
    (``filename``, ``line``, ``col``; empty and 0 without a location), the ``pass_name`` that made
    it, the ``function`` it is about, the ``message`` and its machine-readable ``args`` (e.g.
    ``{"value": "y", "axis": "0"}``). ``str(remark)`` is the line ``opt --remarks`` prints."""

    __slots__ = ("kind", "filename", "line", "col", "pass_name", "function", "message", "args")

    def __init__(self, kind: str, filename: str, line: int, col: int, pass_name: str,
                 function: str, message: str, args: Dict[str, str]):
        self.kind, self.filename, self.line, self.col = kind, filename, line, col
        self.pass_name, self.function, self.message, self.args = pass_name, function, message, args

    def __str__(self) -> str:
        where = f"{self.filename}:{self.line}:{self.col}: " if self.filename else ""
        tag = f"{self.pass_name}, {self.kind}" if self.pass_name else self.kind
        return f"{where}remark: {self.message} [{tag}]"

    def __repr__(self) -> str:
        return f"<Remark {self}>"


_REMARK_KINDS = ("passed", "missed", "analysis")


def _remark_kinds(remarks) -> Optional[frozenset]:
    """None (off), or the kinds to keep: True / "all" keep every kind; a kind or several."""
    if remarks is None or remarks is False:
        return None
    if remarks is True or remarks == "all":
        return frozenset(_REMARK_KINDS)
    kinds = [remarks] if isinstance(remarks, str) else list(remarks)
    for k in kinds:
        if k not in _REMARK_KINDS:
            raise ValueError(f"unknown remark kind {k!r} (passed, missed, analysis, all)")
    return frozenset(kinds)


class PassContext:
    """``with PassContext([instruments], remarks=None):`` — every pass called inside runs the
    instruments, in order. Contexts nest; the innermost one applies. ``remarks`` turns remark
    collection on: True or "all" for every kind, or "passed", "missed", "analysis" (or a list of
    them); the remarks of the passes run inside, in order, land in ``self.remarks``."""

    def __init__(self, instruments: Iterable[PassInstrument] = (), remarks=None):
        self.instruments = list(instruments)
        for inst in self.instruments:
            if not isinstance(inst, PassInstrument):
                raise TypeError(f"PassContext takes PassInstrument objects, got "
                                f"{type(inst).__name__}")
        self._remark_kinds = _remark_kinds(remarks)
        self.remarks: List[Remark] = []
        self._tokens: List[contextvars.Token] = []

    def _take_remark(self, fields: tuple) -> None:
        if fields[0] in self._remark_kinds:
            self.remarks.append(Remark(*fields))

    def __enter__(self) -> "PassContext":
        self._tokens.append(_current.set(self))
        return self

    def __exit__(self, *exc) -> None:
        _current.reset(self._tokens.pop())

    @staticmethod
    def current() -> Optional["PassContext"]:
        return _current.get()

    @staticmethod
    def current_instruments() -> List[PassInstrument]:
        ctx = _current.get()
        return ctx.instruments if ctx is not None else []


def _line(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _first_difference(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), start=1):
        if x != y:
            return f"line {i}: first print `{x}`, reprint `{y}`"
    return "the texts differ in length"


# ---------------------------------------------------------------------------------------------
# One factory per registered pass.

_factories: Dict[str, Callable[[], Pass]] = {}


def _make_factory(name: str, description: str) -> Callable[[], Pass]:
    snake = name.replace("-", "_")

    def factory() -> Pass:
        return Pass(_core.create_pass(name), description)

    factory.__name__ = factory.__qualname__ = snake
    factory.__module__ = __name__
    factory.__doc__ = f"{description}\n\nThe registered pass '{name}'." if description else \
        f"The registered pass '{name}'."
    return factory


for _name, _description in _core.registered_passes():
    _f = _make_factory(_name, _description)
    _factories[_name] = _f
    globals()[_f.__name__] = _f
    __all__.append(_f.__name__)
del _name, _description, _f


def registered() -> List[str]:
    """The registered pass names (kebab-case), sorted."""
    return sorted(_factories)


def get(name: str) -> Callable[[], Pass]:
    """The factory of a pass by its kebab-case or snake_case name."""
    factory = _factories.get(name) or _factories.get(name.replace("_", "-"))
    if factory is None:
        raise KeyError(f"no registered pass '{name}' (known: {', '.join(registered()) or 'none'})")
    return factory
