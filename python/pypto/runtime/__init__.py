"""pypto.runtime: running programs, as PyPTO's runtime does, on tilesplit's core-group simulator.

    from pypto.runtime import RunConfig, run
    run(MyProgram, a, b, out, config=RunConfig(platform="a2a3sim"))   # out updated in place

``platform="a2a3sim"`` and ``"a5sim"`` mean the simulator; a hardware platform is refused with a
located error naming them (tilesplit has no device runtime). The work is C++
(src/sim/program_run.cpp); docs/pypto-programs.md walks through it."""

from __future__ import annotations

from .runner import RunConfig, RunResult, run
from .tensor_spec import ScalarSpec, TensorSpec

__all__ = ["RunConfig", "RunResult", "run", "TensorSpec", "ScalarSpec", "SIMULATOR_PLATFORMS"]

from tilesplit.runtime import SIMULATOR_PLATFORMS  # noqa: E402
