"""Simulator access: ``tilesplit.sim.run(program, inputs)`` and ``tilesplit.sim.check(program)``.

The C++ simulator (include/tilesplit/sim/) has no API yet, so both raise NotImplementedError
naming what is missing; the signatures are the ones the package will keep.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping

from .ir import Program

__all__ = ["run", "check", "available"]

_MISSING = ("the simulator is not built yet: include/tilesplit/sim/ has no API to bind "
            "(tilesplit.sim.{} arrives with it)")


def available() -> bool:
    """True once the simulator is bound."""
    return False


def run(program: Program, inputs: Mapping[str, Any], function: str = "") -> Dict[str, Any]:
    """Runs ``function`` (default: the program's only or first function) of ``program`` on numpy
    arrays keyed by parameter name; returns the Out/InOut parameters and results as arrays."""
    raise NotImplementedError(_MISSING.format("run"))


def check(program: Program, function: str = "") -> Any:
    """Runs the program and its reference semantics on generated inputs and compares them."""
    raise NotImplementedError(_MISSING.format("check"))
