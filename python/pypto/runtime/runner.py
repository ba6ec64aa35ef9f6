"""pypto.runtime.runner: ``RunConfig`` and ``run``."""

from __future__ import annotations

from typing import Any

from tilesplit import runtime as _runtime
from tilesplit.runtime import RunResult

__all__ = ["RunConfig", "RunResult", "run"]


class RunConfig:
    """The run's settings. ``platform`` picks the target ("a2a3sim" / "a5sim": the simulator);
    ``check=True`` also checks the split program against the program as given, bit for bit (a
    difference raises). PyPTO's other fields are accepted and kept in ``options``: the compile
    ones (dump_passes, verification_level, profiling, output_dir, backend_type) are honoured by
    ``kernel.compile(config=...)``, ``codegen_only`` by ``run``; one that configures a device, its
    toolchain, its profiler or a golden comparison (device_id, enable_chip_swimlane, rtol, ...)
    warns by name, with the reason, when a run is given it set
    (tilesplit.runtime._CONFIG_NO_SIMULATOR_MEANING)."""

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
    """Compiles ``program`` (a ``@pl.program`` class, a Program, a ``@pl.jit`` function or a
    CompiledProgram) with the default pipeline and runs its entry (``main``, else its one
    Orchestration or Opaque function) on the simulator with ``args`` -- torch CPU tensors, numpy
    arrays or ints, one per parameter in order -- writing every Out/InOut result back into the
    caller's tensor. ``RunConfig(codegen_only=True)`` compiles to an output directory and runs
    nothing: the result is the CompiledProgram."""
    from tilesplit.artifact import CompiledProgram, compile_program

    config = config or RunConfig()
    if hasattr(program, "program") and hasattr(program, "lower"):  # a @pl.jit function
        program = program.program(*args)
    if isinstance(program, CompiledProgram):
        return program.run(args, config)
    if getattr(config, "codegen_only", False):
        return compile_program(program, platform=config.platform)
    return _runtime.run_configured(program, args, config, skip_fields=("codegen_only",))
