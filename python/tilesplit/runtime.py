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

__all__ = ["run_program", "array_signature", "SIMULATOR_PLATFORMS"]

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
# device, its toolchain or its profiler. A field of the second kind is not silently dropped: the
# call warns, naming it, since a user who sets it expects something of it.
_CONFIG_HONOURED = ("platform", "check")
_CONFIG_NO_SIMULATOR_MEANING = {
    "device_id": "the simulator is the only device",
    "save_kernels": "there is no generated device code to save",
    "save_kernels_dir": "there is no generated device code to save",
    "enable_chip_swimlane": "the simulator records no device swimlane",
    "enable_dep_gen": "the simulator records no dependency graph",
    "enable_scope_stats": "the simulator records no scope statistics",
    "enable_dump_args": "the simulator dumps no kernel arguments",
    "skip_ptoas": "there is no device assembler to skip",
}


def run_configured(program, args: Sequence[Any], config=None, *, check: bool = False) -> RunResult:
    """Runs ``program`` as ``run_program`` does, with the settings of ``config`` (a RunConfig of
    pypto.runtime, or any object with its fields): ``platform`` picks the target, ``check`` (or the
    ``check`` keyword) checks the split program against the program as given and raises
    SimulationError when they differ; a field the simulator has no meaning for warns by name."""
    import warnings

    platform = getattr(config, "platform", None) or "a2a3sim"
    check = bool(check) or bool(getattr(config, "check", False))
    options = getattr(config, "options", None) or {}
    for name, value in options.items():
        if name in _CONFIG_HONOURED or value in (None, False, 0, ""):
            continue
        why = _CONFIG_NO_SIMULATOR_MEANING.get(name, "tilesplit has no setting of that name")
        warnings.warn(f"RunConfig({name}={value!r}) has no effect on {platform}: {why}",
                      stacklevel=3)
    result = run_program(program, args, platform, check=check)
    if check and result.check_kind != "equal":
        from .sim import SimulationError

        raise SimulationError(result.check_kind, result.check_report)
    return result
