"""The simulator from Python: ``tilesplit.sim.run`` and ``tilesplit.sim.check``.

    outputs = tilesplit.sim.run(program, {"a": np.ones((128, 128), np.float32)})
    result = tilesplit.sim.check(program)      # lowers, runs both, compares
    assert result, result.report

Arrays cross to the C++ simulator as .npy bytes (numpy's own format, which the simulator reads and
writes), so any numeric numpy dtype is accepted and converted to the parameter's dtype. numpy is
imported only when these functions run. When the library was built without the simulator,
``available()`` is False and both functions raise NotImplementedError.
"""

from __future__ import annotations

import io
from typing import Any, Dict, List, Mapping, Optional

from . import _core
from .ir import Program

__all__ = ["run", "check", "available", "CheckResult", "SimulationError"]

# What `check` runs to split a kernel: the library's pipeline, the one `tilesplit check` runs.
SPLIT_PIPELINE = tuple(getattr(_core, "SPLIT_PIPELINE", ()))


def available() -> bool:
    """True when the extension was built with the simulator."""
    return bool(getattr(_core, "HAS_SIM", False))


def _require() -> None:
    if not available():
        raise NotImplementedError(
            "the simulator is not part of this build: the library had no include/tilesplit/sim/ "
            "API when the extension was compiled (rebuild once it has one)")


class SimulationError(RuntimeError):
    """The split program deadlocked; ``report`` gives every core's position."""

    def __init__(self, kind: str, report: str):
        super().__init__(report.rstrip("\n"))
        self.kind = kind
        self.report = report


class CheckResult:
    """The outcome of ``check``: truthy when every output matched.

    ``kind`` is "equal", "differ", "deadlock", "fault" or "nothing_compared" (the first
    non-equal kernel's);
    ``report`` is what ``tilesplit check`` prints; ``compared`` counts compared elements;
    ``kernels`` lists (name, kind) per checked kernel."""

    def __init__(self, kind: str, report: str, compared: int, kernels: List[tuple]):
        self.kind = kind
        self.report = report
        self.compared = compared
        self.kernels = kernels

    @property
    def equal(self) -> bool:
        return self.kind == "equal"

    def __bool__(self) -> bool:
        return self.equal

    def __str__(self) -> str:
        return self.report

    def __repr__(self) -> str:
        return f"<CheckResult {self.kind}, {self.compared} elements compared>"


def _pick(program: Program, function: str, incore_only: bool) -> List[str]:
    if function:
        program.function(function)  # KeyError when missing
        return [function]
    if incore_only:
        names = list(_core.kernels_to_check(program))
        if not names:
            raise ValueError("the program has no InCore function to check")
        return names
    names = list(_core.default_kernels(program))
    if len(names) != 1:
        raise ValueError(f"the program has several kernels ({', '.join(names)}); choose one "
                         f"with function=")
    return names


def _to_npy(value) -> bytes:
    import numpy as np

    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(np.asarray(value)), allow_pickle=False)
    return buf.getvalue()


def _require_program(program, what: str) -> None:
    if not isinstance(program, Program):
        raise TypeError(f"sim.{what}(): argument 'program' must be a Program, got "
                        f"{type(program).__name__}")


def _split_inputs(inputs, scalars):
    """(arrays as .npy bytes, integer scalars) from an ``inputs`` mapping: ints pin integer
    scalars, anything else is an array for a tensor or tile parameter."""
    import numpy as np

    if inputs is not None and not isinstance(inputs, Mapping):
        raise TypeError(f"argument 'inputs' must be a dict of parameter name to array or int, "
                        f"got {type(inputs).__name__}")
    arrays: Dict[str, bytes] = {}
    pinned: Dict[str, int] = dict(scalars or {})
    for name, value in (inputs or {}).items():
        if not isinstance(name, str):
            raise TypeError(f"argument 'inputs': keys must be parameter names, got "
                            f"{type(name).__name__}")
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
            pinned[name] = int(value)
        else:
            try:
                arrays[name] = _to_npy(value)
            except (TypeError, ValueError) as e:
                raise TypeError(f"argument 'inputs': the value for '{name}' must be an array "
                                f"or an int ({e})") from None
    return arrays, pinned


def run(program: Program, inputs: Optional[Mapping[str, Any]] = None, function: str = "", *,
        seed: int = 0) -> Dict[str, Any]:
    """Runs a kernel (an InCore one on the reference interpreter, a split Group/AIC/AIV one on the
    core-group executor) and returns its Out/InOut tensors as numpy arrays, by parameter name.

    ``inputs`` maps parameter names to arrays (tensor and tile parameters, as ``tilesplit run
    --inputs DIR`` reads them) or ints (integer scalar parameters); every other parameter gets
    seeded random values (``seed``)."""
    _require()
    import numpy as np

    _require_program(program, "run")
    arrays, scalars = _split_inputs(inputs, {})
    (name,) = _pick(program, function, incore_only=False)
    kind, report, outputs = _core.sim_run(program, name, arrays, seed, scalars)
    if kind != "ok":
        raise SimulationError(kind, report)
    return {k: np.load(io.BytesIO(v), allow_pickle=False) for k, v in outputs.items()}


def check(program: Program, function: str = "", *, split: Optional[Program] = None,
          seed: int = 0, scalars: Optional[Mapping[str, int]] = None,
          inputs: Optional[Mapping[str, Any]] = None) -> CheckResult:
    """Splits ``program`` (or takes ``split``), runs the split program on the core group and the
    input on the reference interpreter with the same seeded inputs, and compares every Out/InOut
    tensor bit for bit over the elements the reference wrote. Checks ``function`` or every
    InCore kernel and every Opaque function with a CORE_GROUP scope. ``inputs`` gives arrays
    for tensor and tile parameters (and ints for scalars), as ``tilesplit check --inputs DIR``;
    it needs ``function`` when the program has several kernels."""
    _require()
    _require_program(program, "check")
    if split is not None:
        _require_program(split, "check")
    arrays, pinned = _split_inputs(inputs, scalars)
    if split is None:
        from . import passes

        split = passes.Sequential([passes.get(n)() for n in SPLIT_PIPELINE])(program)
    kinds, reports, compared = [], [], 0
    names = _pick(program, function, incore_only=True)
    if arrays and len(names) > 1:
        raise ValueError(f"inputs= holds the parameters of one kernel; the program has several "
                         f"({', '.join(names)}): choose one with function=")
    for name in names:
        kind, report, n = _core.sim_check(program, name, split, seed, pinned, arrays)
        kinds.append((name, kind))
        reports.append(report)
        compared += n
    overall = next((k for _, k in kinds if k != "equal"), "equal")
    return CheckResult(overall, "".join(reports), compared, kinds)
