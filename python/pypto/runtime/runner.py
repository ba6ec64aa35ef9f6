"""pypto.runtime.runner: ``RunConfig`` and ``run``."""

from __future__ import annotations

from typing import Any

from tilesplit import runtime as _runtime
from tilesplit.runtime import RunResult

__all__ = ["RunConfig", "RunResult", "run"]


class RunConfig:
    """The run's settings. ``platform`` picks the target ("a2a3sim" / "a5sim": the simulator);
    ``check=True`` also checks the split program against the program as given, bit for bit (a
    difference raises). PyPTO's other fields (rtol, atol, codegen_only, save_kernels, device_id,
    ...) are accepted and kept in ``options``: they configure a device and its toolchain, which
    tilesplit does not have."""

    def __init__(self, platform: str = "a2a3sim", *, check: bool = False, **options: Any):
        self.platform = platform
        self.check = bool(check)
        self.options = dict(options)
        for k, v in options.items():
            setattr(self, k, v)

    def __repr__(self) -> str:
        fields = [f"platform={self.platform!r}"] + (["check=True"] if self.check else [])
        fields += [f"{k}={v!r}" for k, v in self.options.items()]
        return f"RunConfig({', '.join(fields)})"


def run(program, *args, config: RunConfig | None = None) -> RunResult:
    """Compiles ``program`` (a ``@pl.program`` class, a Program, or a ``@pl.jit`` function) with
    the default pipeline and runs its entry (``main``, else its one Orchestration or Opaque
    function) on the simulator with ``args`` -- torch CPU tensors, numpy arrays or ints, one per
    parameter in order -- writing every Out/InOut result back into the caller's tensor."""
    config = config or RunConfig()
    if hasattr(program, "program") and hasattr(program, "lower"):  # a @pl.jit function
        program = program.program(*args)
    return _runtime.run_configured(program, args, config)
