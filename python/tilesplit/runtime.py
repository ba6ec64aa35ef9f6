"""Whole programs on the simulator from Python: the glue between caller tensors and the C++
``run_program`` (src/sim/program_run.cpp), shared by ``pypto.runtime.run`` and ``@pl.jit``.

Everything that decides anything -- the entry function, the platform, the pipeline, the binding
of arguments to parameters and its checks (count, shape, dtype), the run, the check of an Out
parameter never written -- is C++. Here tensors only cross as .npy bytes and come back: torch CPU
tensors and numpy arrays are accepted, and each Out/InOut result is copied into the caller's own
tensor in place. torch is imported only when a torch tensor is passed."""

from __future__ import annotations

import io
from typing import Any, List, Optional, Sequence, Tuple

from . import _core

__all__ = ["run_program", "run_configured", "array_signature", "outputs_of", "active_worker",
           "SIMULATOR_PLATFORMS"]

SIMULATOR_PLATFORMS = tuple(_core.simulator_platforms()) if getattr(_core, "HAS_SIM", False) \
    else ()

# Element types by numpy dtype name; torch's are mapped through their names below.
_NUMPY_DTYPES = {
    "float32": "FP32", "float16": "FP16", "int64": "INT64", "int32": "INT32", "int16": "INT16",
    "int8": "INT8", "uint8": "UINT8", "uint16": "UINT16", "uint32": "UINT32", "bool": "BOOL",
}
_TORCH_DTYPES = {
    "torch.float32": "FP32", "torch.float16": "FP16", "torch.bfloat16": "BF16",
    "torch.int64": "INT64", "torch.int32": "INT32", "torch.int16": "INT16", "torch.int8": "INT8",
    "torch.uint8": "UINT8", "torch.bool": "BOOL",
}


def _is_torch(x) -> bool:
    return type(x).__module__.startswith("torch") and hasattr(x, "detach")


def _is_numpy(x) -> bool:
    return type(x).__module__ == "numpy" and hasattr(x, "dtype") and hasattr(x, "shape")


def array_signature(x) -> Optional[Tuple[Tuple[int, ...], str]]:
    """(shape, element type name) of a torch tensor or numpy array; None for anything else."""
    if _is_torch(x):
        name = _TORCH_DTYPES.get(str(x.dtype))
        if name is None:
            raise TypeError(f"a torch tensor of dtype {x.dtype} has no tilesplit element type "
                            f"(use one of {', '.join(sorted(_TORCH_DTYPES))})")
        return tuple(int(d) for d in x.shape), name
    if _is_numpy(x):
        name = _NUMPY_DTYPES.get(x.dtype.name)
        if name is None:
            raise TypeError(f"a numpy array of dtype {x.dtype} has no tilesplit element type "
                            f"(use one of {', '.join(sorted(_NUMPY_DTYPES))})")
        return tuple(int(d) for d in x.shape), name
    return None


def _as_numpy(x):
    if _is_torch(x):
        t = x.detach().cpu()
        if str(t.dtype) == "torch.bfloat16":
            t = t.float()  # numpy has no bfloat16; every BF16 value is exact in FP32
        return t.contiguous().numpy()
    return x


def _encode(x) -> tuple:
    import numpy as np

    shape, dtype = array_signature(x)
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(_as_numpy(x)), allow_pickle=False)
    return (buf.getvalue(), list(shape), dtype)


def _write_back(target, data: bytes) -> None:
    import numpy as np

    arr = np.load(io.BytesIO(data), allow_pickle=False)
    if _is_torch(target):
        import torch

        target.copy_(torch.from_numpy(np.ascontiguousarray(arr)).to(target.dtype))
    else:
        np.copyto(target, arr.astype(target.dtype, copy=False), casting="unsafe")


def encode_args(args: Sequence[Any]) -> List[Any]:
    out: List[Any] = []
    for i, a in enumerate(args):
        if isinstance(a, bool) or not (isinstance(a, int) or array_signature(a) is not None):
            raise TypeError(f"argument {i}: pass a torch tensor, a numpy array or an int, got "
                            f"{type(a).__name__}")
        out.append(int(a) if isinstance(a, int) else _encode(a))
    return out


class RunResult:
    """What ran: the entry's name, the lowered program and, with ``check``, the verdict of the
    split against the program as given (``check_kind`` "equal", "differ", ...)."""

    def __init__(self, entry, lowered, outputs, check_kind, check_report):
        self.entry = entry
        self.lowered = lowered
        self.outputs = outputs  # {parameter index: the caller's tensor, updated}
        self.check_kind = check_kind or None
        self.check_report = check_report

    def __repr__(self) -> str:
        return f"<RunResult {self.entry}: {len(self.outputs)} outputs written back>"


def run_program(program, args: Sequence[Any], platform: str = "a2a3sim", *, lower: bool = True,
                check: bool = False) -> RunResult:
    """Runs ``program``'s entry on the simulator with ``args`` (one per parameter, in order) and
    writes every Out/InOut result back into the caller's tensor."""
    encoded = encode_args(args)
    entry, lowered, outputs, kind, report = _core.run_program(program, encoded, platform, lower,
                                                              check)
    written = {}
    for index, data in outputs.items():
        _write_back(args[index], data)
        written[index] = args[index]
    return RunResult(entry, lowered, written, kind, report)


# RunConfig fields (PyPTO's runtime) the simulator honours, and those it has no meaning for: a
# device, its toolchain, its profiler or the golden harness of PyPTO's run(). A field of the
# second kind is not silently dropped: the call warns, naming it, since a user who sets it
# expects something of it. The compile-side fields (dump_passes, ...) are honoured by
# kernel.compile(config=...), which forwards them to compile (tilesplit.artifact).
_CONFIG_HONOURED = ("platform", "check")
_CONFIG_NO_SIMULATOR_MEANING = {
    "device_id": "the simulator is the only device",
    "save_kernels": "there is no generated device code to save",
    "save_kernels_dir": "there is no generated device code to save",
    "enable_chip_swimlane": "the simulator records no device swimlane",
    "enable_dep_gen": "the simulator records no dependency graph",
    "enable_scope_stats": "the simulator records no scope statistics",
    "enable_dump_args": "the simulator dumps no kernel arguments",
    "enable_pmu": "the simulator has no performance monitoring unit",
    "skip_ptoas": "there is no device assembler to skip",
    "ring_task_window": "the simulator has no runtime task rings to size",
    "ring_heap": "the simulator has no runtime task rings to size",
    "ring_dep_pool": "the simulator has no runtime task rings to size",
    "aicpu_thread_num": "the simulator has no AICPU threads",
    "distributed_config": "a distributed program needs several devices and ranks",
    "rtol": "a run compares with no golden here; check=True compares the split program with "
            "the program as written, bit for bit",
    "atol": "a run compares with no golden here; check=True compares the split program with "
            "the program as written, bit for bit",
    "golden_data_dir": "a run writes and reads no golden data here",
    "codegen_only": "only pypto.runtime.run honours it (it compiles and does not run)",
}
# RunConfig fields that configure compile (kernel.compile(config=...) forwards them); a run that
# does not compile has nothing to apply them to.
CONFIG_COMPILE_FIELDS = ("dump_passes", "verification_level", "profiling", "backend_type",
                         "output_dir", "strategy")


def warn_ignored_config(config, platform: str, skip=(), stacklevel: int = 3) -> None:
    """Warns, by name, for each field of ``config`` set to a true value that this call cannot
    honour (``skip``: the fields the caller honours itself)."""
    import warnings

    options = getattr(config, "options", None) or {}
    for name, value in options.items():
        if name in _CONFIG_HONOURED or name in skip or value in (None, False, 0, ""):
            continue
        if name in CONFIG_COMPILE_FIELDS:
            why = "it configures compile; pass it to kernel.compile(config=...) or ir.compile"
        else:
            why = _CONFIG_NO_SIMULATOR_MEANING.get(name, "tilesplit has no setting of that name")
        warnings.warn(f"RunConfig({name}={value!r}) has no effect on {platform}: {why}",
                      stacklevel=stacklevel + 1)


def run_configured(program, args: Sequence[Any], config=None, *, check: bool = False,
                   lower: bool = True, platform: Optional[str] = None,
                   skip_fields=()) -> RunResult:
    """Runs ``program`` as ``run_program`` does, with the settings of ``config`` (a RunConfig of
    pypto.runtime, or any object with its fields): ``platform`` picks the target, ``check`` (or the
    ``check`` keyword) checks the split program against the program as given and raises
    SimulationError when they differ; a field the simulator has no meaning for warns by name.
    ``lower=False`` runs a program that is lowered already (a compiled artifact) as it is."""
    platform = platform or getattr(config, "platform", None) or "a2a3sim"
    check = bool(check) or bool(getattr(config, "check", False))
    warn_ignored_config(config, platform, skip_fields)
    result = run_program(program, args, platform, lower=lower, check=check)
    if check and result.check_kind != "equal":
        from .sim import SimulationError

        raise SimulationError(result.check_kind, result.check_report)
    return result


def outputs_of(result: RunResult):
    """What a call returns: None, the one Out/InOut tensor written back, or a tuple of them."""
    outs = [result.outputs[i] for i in sorted(result.outputs)]
    if not outs:
        return None
    return outs[0] if len(outs) == 1 else tuple(outs)


def active_worker():
    """The ChipWorker of the innermost ``with ChipWorker(...)`` block, or None."""
    from .worker import current_worker

    return current_worker()
