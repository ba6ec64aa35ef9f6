"""pypto.passes: the pass factories, pass contexts and instruments, IR properties and their
verifiers, with PyPTO's names over tilesplit's pass registry (tilesplit.passes).

Every pass registered in the C++ PassRegistry has a factory here named in snake_case
(``lower_auto_vector_split()``); the pass itself runs in C++.
"""

from __future__ import annotations

import enum
from typing import Callable, Iterable, List, Optional, Sequence

from tilesplit import _core
from tilesplit import passes as _tp
from tilesplit._errors import UserError

__all__ = [
    "Pass", "PassContext", "PassInstrument", "CallbackInstrument", "VerificationInstrument",
    "VerificationMode", "VerificationLevel", "PassPipeline", "IRProperty", "IRPropertySet",
    "DiagnosticSeverity", "Diagnostic", "PropertyVerifierRegistry", "get_verified_properties",
    "PropertyVerificationError", "verify_properties", "run_verifier",
]

# ---------------------------------------------------------------------------------------------
# IR properties.

# The IRProperty enumeration takes its members from C++'s property enum (pass::Property, declared
# once in include/tilesplit/pass/properties.def), through the bindings (_core.Property), in its
# order: one list, which every registered pass's properties belong to (a misspelt property does
# not compile). A property without a verifier is declared, not checked; the catalogue says why.
def _property_names() -> List[str]:
    return list(_core.Property.__members__)


IRProperty = enum.Enum("IRProperty", [(n, n) for n in _property_names()], module=__name__)
IRProperty.__doc__ = "An IR property a pass requires, produces or invalidates (by its name)."


def _as_property(p) -> IRProperty:
    if isinstance(p, IRProperty):
        return p
    if isinstance(p, str) and p in IRProperty.__members__:
        return IRProperty[p]
    raise ValueError(f"unknown IR property {p!r}")


class IRPropertySet:
    """A set of IRProperty values (PyPTO's IRPropertySet); ``to_list()`` is in declaration
    order."""

    def __init__(self, properties: Iterable = ()):
        self._set = {_as_property(p) for p in properties}

    def insert(self, prop) -> None:
        self._set.add(_as_property(prop))

    def remove(self, prop) -> None:
        self._set.discard(_as_property(prop))

    def contains(self, prop) -> bool:
        return _as_property(prop) in self._set

    __contains__ = contains

    def empty(self) -> bool:
        return not self._set

    def to_list(self) -> List[IRProperty]:
        return [p for p in IRProperty if p in self._set]

    def __iter__(self):
        return iter(self.to_list())

    def __len__(self) -> int:
        return len(self._set)

    def __eq__(self, other) -> bool:
        return isinstance(other, IRPropertySet) and self._set == other._set

    __hash__ = None

    def __str__(self) -> str:
        return "{" + ", ".join(p.name for p in self.to_list()) + "}"

    def __repr__(self) -> str:
        return f"IRPropertySet({self})"


# ---------------------------------------------------------------------------------------------
# Passes.


class Pass(_tp.Pass):
    """A registered pass with PyPTO's accessors. ``pass_(program)`` returns a new Program."""

    def get_name(self) -> str:
        return self.name

    def get_required_properties(self) -> IRPropertySet:
        return IRPropertySet(self.required)

    def get_produced_properties(self) -> IRPropertySet:
        return IRPropertySet(self.produced)

    def get_invalidated_properties(self) -> IRPropertySet:
        return IRPropertySet(self.invalidated)

    def __repr__(self) -> str:
        return f"<pypto.passes.Pass {self.name}>"


def _make_factory(name: str, description: str) -> Callable[[], Pass]:
    def factory() -> Pass:
        return Pass(_core.create_pass(name), description)

    factory.__name__ = factory.__qualname__ = name.replace("-", "_")
    factory.__module__ = __name__
    factory.__doc__ = f"{description} (the registered pass '{name}')."
    return factory


for _name, _description in _core.registered_passes():
    _f = _make_factory(_name, _description)
    globals()[_f.__name__] = _f
    __all__.append(_f.__name__)
del _name, _description, _f

# PyPTO's pass refuses what the spec refuses: the split extensions are off unless asked for.
lower_auto_vector_split = _tp._split_pass_factory(False, __name__, Pass)


class PassPipeline:
    """Passes run in order by ``run(program)``; instruments of the current context see each."""

    def __init__(self, passes: Sequence[Pass] = ()):
        self._passes = list(passes)

    def add_pass(self, pass_: Pass) -> None:
        self._passes.append(pass_)

    def get_passes(self) -> List[Pass]:
        return list(self._passes)

    def run(self, program):
        for p in self._passes:
            program = p(program)
        return program


# ---------------------------------------------------------------------------------------------
# Contexts and instruments.

PassInstrument = _tp.PassInstrument


class VerificationMode(enum.Enum):
    NONE = 0
    BEFORE = 1
    AFTER = 2
    BEFORE_AND_AFTER = 3


class VerificationLevel(enum.Enum):
    NONE = 0
    BASIC = 1
    ROUNDTRIP = 2


class VerificationInstrument(_tp.VerifyProperties):
    """Verifies a pass's required properties before it (a violation is a ValueError: the input is
    wrong) and its produced properties after it (a violation is an InternalError: the pass is
    wrong), as ``mode`` selects. The checks are tilesplit's C++ VerifyPropertiesInstrumentation."""

    def __init__(self, mode: VerificationMode = VerificationMode.BEFORE_AND_AFTER):
        super().__init__(
            before=mode in (VerificationMode.BEFORE, VerificationMode.BEFORE_AND_AFTER),
            after=mode in (VerificationMode.AFTER, VerificationMode.BEFORE_AND_AFTER))
        self.mode = mode

    def get_name(self) -> str:
        return "VerificationInstrument"


class CallbackInstrument(_tp.PassInstrument):
    """Calls ``before_pass(pass_, program)`` before each pass and ``after_pass(pass_, result)``
    after it."""

    def __init__(self, before_pass: Optional[Callable] = None,
                 after_pass: Optional[Callable] = None, name: str = "CallbackInstrument"):
        self._before = before_pass
        self._after = after_pass
        self.name = name

    def get_name(self) -> str:
        return self.name

    def before_pass(self, pass_, program) -> None:
        if self._before is not None:
            self._before(pass_, program)

    def after_pass(self, pass_, before, after) -> None:
        if self._after is not None:
            self._after(pass_, after)


class PassContext(_tp.PassContext):
    """``with PassContext([instruments]):`` — every pass called inside runs the instruments.
    Contexts nest and the innermost applies; ``PassContext([])`` runs none. The remaining PyPTO
    options are accepted and recorded: tilesplit has one memory planner and no diagnostics
    phases. ``remarks=`` collects the passes' remarks in ``self.remarks``, as in
    ``tilesplit.passes.PassContext``."""

    def __init__(self, instruments: Iterable = (), verification_level=VerificationLevel.BASIC,
                 diagnostic_phase=None, disabled_diagnostics=None, memory_planner=None,
                 enable_pypto_l0c_double_buffer: bool = False, runtime=None, remarks=None):
        super().__init__(instruments, remarks=remarks)
        self.verification_level = verification_level
        self.diagnostic_phase = diagnostic_phase
        self.disabled_diagnostics = disabled_diagnostics
        self.memory_planner = memory_planner
        self.enable_pypto_l0c_double_buffer = enable_pypto_l0c_double_buffer
        self.runtime = runtime

    def get_instruments(self) -> list:
        return list(self.instruments)


# ---------------------------------------------------------------------------------------------
# Property verification as diagnostics.


class DiagnosticSeverity(enum.Enum):
    Error = 0
    Warning = 1
    PerfHint = 2


class Diagnostic:
    """One violation reported by a property verifier (read-only)."""

    __slots__ = ("_severity", "_rule_name", "_message", "_error_code", "_hint_code", "_span")

    def __init__(self, severity, rule_name, message, error_code=0, hint_code="", span=None):
        self._severity = severity
        self._rule_name = rule_name
        self._message = message
        self._error_code = error_code
        self._hint_code = hint_code
        self._span = span

    severity = property(lambda self: self._severity)
    rule_name = property(lambda self: self._rule_name)
    message = property(lambda self: self._message)
    error_code = property(lambda self: self._error_code)
    hint_code = property(lambda self: self._hint_code)
    span = property(lambda self: self._span)

    def __repr__(self) -> str:
        return f"Diagnostic({self._severity.name}, {self._rule_name}: {self._message!r})"


def _diagnostic_from(prop: IRProperty, error: UserError) -> Diagnostic:
    from . import ir

    span = ir.Span(error.filename, error.line, error.col) if error.line else ir.Span.unknown()
    notes = "; ".join(n.message for n in error.notes)
    return Diagnostic(DiagnosticSeverity.Error, prop.name, error.message, 1, notes, span)


class PropertyVerifierRegistry:
    """The verifiers of the C++ registry. tilesplit's verifiers stop at the first violation, so
    ``verify`` reports at most one diagnostic per property."""

    @staticmethod
    def has_verifier(prop) -> bool:
        return _core.has_verifier(_as_property(prop).name)

    @staticmethod
    def verify(properties, program) -> List[Diagnostic]:
        props = properties if isinstance(properties, IRPropertySet) else IRPropertySet(properties)
        out: List[Diagnostic] = []
        for prop in props.to_list():
            try:
                _core.verify_property(prop.name, program)
            except UserError as e:
                out.append(_diagnostic_from(prop, e))
        return out

    @staticmethod
    def verify_or_throw(properties, program) -> None:
        diagnostics = PropertyVerifierRegistry.verify(properties, program)
        if diagnostics:
            raise ValueError(PropertyVerifierRegistry.generate_report(diagnostics))

    @staticmethod
    def generate_report(diagnostics: List[Diagnostic]) -> str:
        if not diagnostics:
            return "no violations"
        lines = [f"{len(diagnostics)} violation(s):"]
        for d in diagnostics:
            where = d.span.to_string() if d.span is not None and d.span.is_valid() else "-"
            lines.append(f"  [{d.severity.name}] {d.rule_name} at {where}: {d.message}")
        return "\n".join(lines)


def get_verified_properties() -> IRPropertySet:
    """The properties tilesplit has a verifier for."""
    return IRPropertySet(p for p in IRProperty if _core.has_verifier(p.name))


class MemoryPlanner(enum.Enum):
    """Which on-chip memory planner a compile uses. Accepted for compatibility: the simulator
    has no on-chip addresses, so the choice changes nothing."""

    PYPTO = 0
    DSA_RP = 1
    PTOAS = 2


class PropertyVerificationError(__import__("pypto").Error, ValueError):
    """A property a program was required to have does not hold (``verify_properties``)."""


PropertyVerificationError.__module__ = "pypto.passes"


def verify_properties(properties, program, pass_name: str = "") -> None:
    """Verifies each of ``properties`` that has a verifier on ``program``; the first violation
    raises PropertyVerificationError (a pypto.Error and a ValueError) naming ``pass_name``."""
    props = properties if isinstance(properties, IRPropertySet) else IRPropertySet(properties)
    for prop in props.to_list():
        try:
            _core.verify_property(prop.name, program)
        except UserError as e:
            where = f" (verifying for {pass_name})" if pass_name else ""
            raise PropertyVerificationError(f"{prop.name}{where}: {e}") from e


class _VerifierPass:
    """What ``run_verifier`` returns: called on a program, it verifies the properties and returns
    the program unchanged."""

    def __init__(self, properties: IRPropertySet):
        self._properties = properties

    def get_name(self) -> str:
        return "RunVerifier"

    def __call__(self, program):
        verify_properties(self._properties, program, "run_verifier")
        return program

    def __repr__(self) -> str:
        return f"<pypto.passes.run_verifier {self._properties}>"


def run_verifier(properties=None) -> _VerifierPass:
    """A pass-like callable verifying ``properties`` (default: every property tilesplit has a
    verifier for) on the program it is called with."""
    props = get_verified_properties() if properties is None else (
        properties if isinstance(properties, IRPropertySet) else IRPropertySet(properties))
    return _VerifierPass(props)
