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

from . import _core
from .ir import Program

__all__ = [
    "Pass", "PassInstrument", "PassContext", "RoundTrip", "VerifyProperties", "TimePasses",
    "Sequential", "Remark", "registered", "get", "pipelines", "pipeline",
]


class Pass(_core.Pass):
    """A registered pass: ``name``, ``description``, the properties it ``required``,
    ``produced`` and ``invalidated``, and ``__call__(program) -> program``."""

    def __init__(self, impl: "_core.Pass", description: str = ""):
        super().__init__(impl)
        self.description = description

    def __call__(self, program: Program) -> Program:
        if not isinstance(program, Program):
            raise TypeError(f"pass '{self.name}' takes a tilesplit.ir.Program, not "
                            f"{type(program).__name__}")
        # The instruments run in C++ around the pass (pass.h: RunPass), the same code the
        # command line's --print-after and --time-passes use; remarks, when asked for, are
        # handed over as the pass emits them.
        # Hand-built IR may break an op's memory contract (the builders defer it, as PyPTO's
        # do); a pass that relies on the contract gets a located error at its entry instead of
        # meeting the broken call deep inside (the C++ verifier of TileMemoryInferred).
        if "TileMemoryInferred" in self.required:
            _core.verify_property("TileMemoryInferred", program)
        natives = [inst._native() for inst in PassContext.current_instruments()]
        ctx = PassContext.current()
        if ctx is not None and ctx._remark_kinds is not None:
            return _core.run_pass_with_remarks(self, program, natives, ctx._take_remark)
        return _core.run_pass(self, program, natives)

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
# Instruments and their context. Each instrument stands for a C++ PassInstrumentation
# (``_native()``): the built-in ones are C++ objects, one written in Python is called back.


class PassInstrument:
    """Base class: override either hook. Hooks raise to stop the pipeline. Around each pass the
    ``before_pass`` hooks run in the context's order and the ``after_pass`` hooks in reverse."""

    def before_pass(self, pass_: Pass, program: Program) -> None:
        pass

    def after_pass(self, pass_: Pass, before: Program, after: Program) -> None:
        pass

    def _native(self) -> "_core.PassInstrumentation":
        native = self.__dict__.get("_python_native")
        if native is None:
            native = self.__dict__["_python_native"] = _core.PythonInstrumentation(self)
        return native


class _Builtin(PassInstrument):
    """An instrument implemented in C++. A subclass that overrides a hook is called back as a
    Python instrument (its hooks may call the built-in ones through super())."""

    _hooks_of = None  # the class whose hooks are the C++ ones

    def _make(self):
        raise NotImplementedError

    def _impl(self):
        impl = self.__dict__.get("_cxx")
        if impl is None:
            impl = self.__dict__["_cxx"] = self._make()
        return impl

    def _native(self):
        cls = type(self)
        if (cls.before_pass is self._hooks_of.before_pass
                and cls.after_pass is self._hooks_of.after_pass):
            return self._impl()
        return super()._native()


class RoundTrip(_Builtin):
    """After each pass: print -> parse gives a structurally equal program, and printing the
    reparsed program gives the same text (dsl.md 10). A failure is the pass's bug, raised as
    InternalError."""

    def _make(self):
        return _core.RoundTripInstrumentation()

    def after_pass(self, pass_: Pass, before: Program, after: Program) -> None:
        if isinstance(after, Program):
            self._impl().after_pass(pass_, before, after)
        else:
            # Anything that prints itself: at least its text must parse back.
            _core.verify_round_trip(pass_.name, after.as_python())


class VerifyProperties(_Builtin):
    """Before each pass, verifies the properties it requires (a violation is the input's fault:
    UserError); after it, the properties it claims to produce (a violation is the pass's fault:
    InternalError). ``before``/``after`` select the two sides. Properties without a registered
    verifier are skipped and listed in ``unverified``; ``verified`` lists what was checked, as
    (pass, property, "before"/"after")."""

    def __init__(self, before: bool = True, after: bool = True):
        self._sides = (before, after)

    def _make(self):
        before, after = self.__dict__.get("_sides", (True, True))
        return _core.VerifyPropertiesInstrumentation(before, after)

    @property
    def verified(self) -> List[tuple]:
        return list(self._impl().verified)

    @property
    def unverified(self) -> set:
        return set(self._impl().unverified)

    def before_pass(self, pass_: Pass, program: Program) -> None:
        self._impl().before_pass(pass_, program)

    def after_pass(self, pass_: Pass, before: Program, after: Program) -> None:
        self._impl().after_pass(pass_, before, after)


class TimePasses(_Builtin):
    """Sums the wall time of each pass by name: ``rows`` is a list of (pass, runs, seconds) and
    ``report()`` the table ``tilesplit opt --time-passes`` prints."""

    def _make(self):
        return _core.TimePassesInstrumentation()

    @property
    def rows(self) -> List[tuple]:
        return list(self._impl().rows)

    def report(self) -> str:
        return self._impl().report()


RoundTrip._hooks_of = RoundTrip
VerifyProperties._hooks_of = VerifyProperties
TimePasses._hooks_of = PassInstrument


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


def _split_pass_factory(default: bool, module: str, wrap) -> Callable[..., Pass]:
    """lower_auto_vector_split with its option: ``split_extensions`` (docs/spec-coverage.md,
    split extensions) splits what the spec refuses; False restores the spec's refusals."""
    description = dict(_core.registered_passes())["lower-auto-vector-split"]

    def lower_auto_vector_split(split_extensions: bool = default) -> Pass:
        return wrap(_core.lower_auto_vector_split(bool(split_extensions)), description)

    lower_auto_vector_split.__qualname__ = "lower_auto_vector_split"
    lower_auto_vector_split.__module__ = module
    lower_auto_vector_split.__doc__ = (
        f"{description}\n\nsplit_extensions (default {default}): split odd vector->cube boxes and "
        "the other forms the spec refuses (docs/spec-coverage.md); False keeps the spec's "
        "refusals.")
    return lower_auto_vector_split


lower_auto_vector_split = _split_pass_factory(True, __name__, Pass)
_factories["lower-auto-vector-split"] = lower_auto_vector_split


def registered() -> List[str]:
    """The registered pass names (kebab-case), sorted."""
    return sorted(_factories)


def get(name: str) -> Callable[[], Pass]:
    """The factory of a pass by its kebab-case or snake_case name."""
    factory = _factories.get(name) or _factories.get(name.replace("_", "-"))
    if factory is None:
        raise KeyError(f"no registered pass '{name}' (known: {', '.join(registered()) or 'none'})")
    return factory


def pipelines() -> Dict[str, List[str]]:
    """The registered pipelines (``check-pipeline`` is the one ``tilesplit check`` runs): name ->
    pass names."""
    return {name: list(passes) for name, _, passes in _core.registered_pipelines()}


def pipeline(name: str) -> Sequential:
    """The registered pipeline ``name`` as a Sequential of fresh passes."""
    known = pipelines()
    if name not in known:
        raise KeyError(f"no registered pipeline '{name}' (known: {', '.join(known) or 'none'})")
    return Sequential([get(p)() for p in known[name]])
