"""pypto.runtime: running programs, as PyPTO's runtime does, on tilesplit's core-group simulator.

    from pypto.runtime import RunConfig, run
    run(MyProgram, a, b, out, config=RunConfig(platform="a2a3sim"))   # out updated in place

    compiled = kernel.compile(a, b, out)            # or pypto.ir.compile(program, platform=...)
    compiled(a, b, out)                             # runs the lowered program
    execute_compiled(compiled.output_dir, [a, b, out], platform="a2a3sim")   # a later process
    with ChipWorker(config=RunConfig(platform="a2a3sim")) as w:
        w.run(compiled, a, w.alloc_tensor(b.shape, b.dtype, init=b), out)    # resident tensor
    benchmark(compiled, [a, b, out], rounds=10)

``platform="a2a3sim"`` and ``"a5sim"`` mean the simulator; a hardware platform is refused with a
located error naming them (tilesplit has no device runtime). The work is C++
(src/sim/program_run.cpp); docs/pypto-programs.md walks through it."""

from __future__ import annotations

from tilesplit.artifact import CompiledProgram, HardwareOnlyError, execute_compiled
from tilesplit.worker import (BenchmarkStats, ChipWorker, DeviceTensor, DistributedWorker,
                              RegistrationHandle, TraceInvocation, benchmark)

from .runner import RunConfig, RunResult, run
from .tensor_spec import ScalarSpec, TensorSpec

__all__ = ["RunConfig", "RunResult", "run", "TensorSpec", "ScalarSpec", "SIMULATOR_PLATFORMS",
           "CompiledProgram", "execute_compiled", "ChipWorker", "DeviceTensor",
           "RegistrationHandle", "DistributedWorker", "benchmark", "BenchmarkStats",
           "TraceInvocation",
           "HardwareOnlyError"]

from tilesplit.runtime import SIMULATOR_PLATFORMS  # noqa: E402
