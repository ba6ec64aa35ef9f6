"""Workers that keep tensors resident between runs, and benchmark rounds, on the simulator.

    with ChipWorker(config=RunConfig(platform="a2a3sim")) as w:
        weight = w.alloc_tensor((128, 128), torch.float32, init=host_weight)   # resident
        for x in batches:
            w.run(compiled, x, weight, out)      # `weight` is the worker's buffer, kept as is

A ``DeviceTensor`` is a buffer the worker owns: runs read it and write their results into it
(never into a host tensor), it keeps its contents from run to run, and it is read back only on
request (``copy_from``). Only the worker that allocated it can use it. The simulator itself gets
every tensor as bytes on each run (src/sim/program_run.cpp); what the worker gives is PyPTO's
contract: which buffer holds what, and when the host sees it.
"""

from __future__ import annotations

import contextvars
import ctypes
import statistics
import time
from typing import Any, Dict, List, Optional, Sequence

__all__ = ["ChipWorker", "DeviceTensor", "RegistrationHandle", "DistributedWorker", "benchmark",
           "BenchmarkStats", "TraceInvocation", "current_worker"]

_current: contextvars.ContextVar = contextvars.ContextVar("tilesplit_chip_worker", default=None)


def current_worker() -> Optional["ChipWorker"]:
    return _current.get()


def _compiled_type():
    from .artifact import CompiledProgram

    return CompiledProgram


def _make_buffer(shape, dtype, init):
    """A zeroed buffer of ``shape``/``dtype`` (a torch dtype, a numpy dtype or its name, or a
    pl/ir DataType), filled from ``init`` when given."""
    import numpy as np

    shape = tuple(int(d) for d in shape)
    if type(dtype).__module__.startswith("torch"):
        import torch

        buf = torch.zeros(shape, dtype=dtype)
    else:
        name = getattr(dtype, "name", None)
        if name is not None and not isinstance(dtype, np.dtype):  # a DataType
            from .runtime import _NUMPY_DTYPES

            by_type = {v: k for k, v in _NUMPY_DTYPES.items()}
            if name not in by_type:
                raise TypeError(f"alloc_tensor: no numpy dtype for {name}; pass a torch dtype")
            dtype = by_type[name]
        buf = np.zeros(shape, dtype=np.dtype(dtype))
    if init is not None:
        _copy_into(buf, init, "alloc_tensor(init=...)")
    return buf


def _copy_into(target, source, what: str) -> None:
    from .runtime import _is_torch

    if tuple(int(d) for d in source.shape) != tuple(int(d) for d in target.shape):
        raise ValueError(f"{what}: shape {tuple(source.shape)} does not match the tensor's "
                         f"{tuple(target.shape)}")
    if _is_torch(target):
        import torch

        src = source if _is_torch(source) else torch.from_numpy(source)
        target.copy_(src.to(target.dtype))
    else:
        import numpy as np

        src = source.detach().cpu().numpy() if _is_torch(source) else source
        np.copyto(target, np.asarray(src).astype(target.dtype, copy=False), casting="unsafe")


def _data_ptr(buf) -> int:
    from .runtime import _is_torch

    return int(buf.data_ptr()) if _is_torch(buf) else int(buf.ctypes.data)


def _nbytes(buf) -> int:
    from .runtime import _is_torch

    return int(buf.numel() * buf.element_size()) if _is_torch(buf) else int(buf.nbytes)


class DeviceTensor:
    """A tensor resident on a ChipWorker: ``shape``, ``dtype``, ``data_ptr``, ``nbytes``. Pass
    it to ``worker.run`` / a registration handle / a compiled call inside ``with worker:`` in
    place of a host tensor."""

    def __init__(self, worker: "ChipWorker", buffer):
        self._worker = worker
        self._buffer = buffer
        self.shape = tuple(int(d) for d in buffer.shape)
        self.dtype = buffer.dtype
        self.data_ptr = _data_ptr(buffer)
        self.nbytes = _nbytes(buffer)
        self.freed = False

    def _buffer_for(self, worker: "ChipWorker"):
        if self.freed:
            raise ValueError("this DeviceTensor was freed (free_tensor)")
        if worker is not self._worker:
            raise ValueError("a DeviceTensor belongs to the ChipWorker that allocated it: "
                             "dispatch through that worker")
        return self._buffer

    def __repr__(self) -> str:
        state = " freed" if self.freed else ""
        return f"<DeviceTensor {list(self.shape)} {self.dtype}{state}>"


class RegistrationHandle:
    """A compiled program registered on a worker: call it per launch; ``with handle:`` or
    ``unregister()`` releases it."""

    def __init__(self, worker: "ChipWorker", compiled):
        self._worker = worker
        self.compiled = compiled
        self.registered = True

    def __call__(self, *args):
        if not self.registered:
            raise ValueError(f"the registration of {self.compiled.entry} was released")
        return self._worker.run(self.compiled, *args)

    def unregister(self) -> None:
        self.registered = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.unregister()


class ChipWorker:
    """The simulator as PyPTO's runtime worker: ``alloc_tensor`` / ``free_tensor`` /
    ``copy_from`` / ``copy_to`` for resident tensors, ``run(compiled, *args)`` one-shot,
    ``register(compiled)`` for a handle, ``close()``. ``with ChipWorker(...) as w:`` also makes
    ``compiled(...)`` calls inside the block dispatch on ``w``. The platform (``config.platform``
    or ``platform=``) must be a simulator platform and match the artifact's."""

    def __init__(self, config=None, *, platform: Optional[str] = None, device_id=None):
        from . import _core
        from .runtime import warn_ignored_config

        self.config = config
        self.platform = platform or getattr(config, "platform", None) or "a2a3sim"
        _core.check_platform(self.platform)
        if device_id not in (None, 0):
            raise ValueError(f"ChipWorker(device_id={device_id!r}): the simulator is the only "
                             f"device (0)")
        warn_ignored_config(config, self.platform)
        self._tensors: Dict[int, DeviceTensor] = {}
        self._registered: Dict[int, RegistrationHandle] = {}
        self._tokens: List[Any] = []
        self.closed = False

    # -- resident tensors ------------------------------------------------------------------
    def _open(self) -> None:
        if self.closed:
            raise ValueError("this ChipWorker is closed")

    def alloc_tensor(self, shape, dtype, init=None) -> DeviceTensor:
        self._open()
        t = DeviceTensor(self, _make_buffer(shape, dtype, init))
        self._tensors[id(t)] = t
        return t

    def free_tensor(self, t: DeviceTensor) -> None:
        t._buffer_for(self)
        t.freed = True
        self._tensors.pop(id(t), None)

    def _by_ptr(self, ptr: int, nbytes: int) -> DeviceTensor:
        for t in self._tensors.values():
            if t.data_ptr <= ptr and ptr + nbytes <= t.data_ptr + t.nbytes:
                return t
        raise ValueError(f"no live DeviceTensor of this worker holds [{ptr:#x}, +{nbytes})")

    def copy_from(self, host, device, nbytes: Optional[int] = None) -> None:
        """Device -> host: ``copy_from(host_tensor, device_tensor)`` or, as PyPTO writes it,
        ``copy_from(host_ptr, t.data_ptr, t.nbytes)`` (raw addresses of a host buffer and of this
        worker's DeviceTensor)."""
        self._open()
        if isinstance(device, DeviceTensor):
            _copy_into(host, device._buffer_for(self), "copy_from")
            return
        if nbytes is None:
            raise TypeError("copy_from(host_ptr, device_ptr, nbytes): nbytes is required")
        self._by_ptr(int(device), int(nbytes))
        ctypes.memmove(int(host), int(device), int(nbytes))

    def copy_to(self, device, host, nbytes: Optional[int] = None) -> None:
        """Host -> device: ``copy_to(device_tensor, host_tensor)`` or
        ``copy_to(t.data_ptr, host_ptr, nbytes)``."""
        self._open()
        if isinstance(device, DeviceTensor):
            _copy_into(device._buffer_for(self), host, "copy_to")
            return
        if nbytes is None:
            raise TypeError("copy_to(device_ptr, host_ptr, nbytes): nbytes is required")
        self._by_ptr(int(device), int(nbytes))
        ctypes.memmove(int(device), int(host), int(nbytes))

    # -- dispatch --------------------------------------------------------------------------
    def _check(self, compiled) -> None:
        self._open()
        if not isinstance(compiled, _compiled_type()):
            raise TypeError(f"ChipWorker dispatches a CompiledProgram (ir.compile, "
                            f"kernel.compile, CompiledProgram.from_dir), not "
                            f"{type(compiled).__name__}")
        compiled.check_platform(self.platform)

    def register(self, compiled) -> RegistrationHandle:
        """Checks ``compiled`` against this worker now (platform), and returns a handle whose
        calls run it. Registering the same artifact again returns the same handle."""
        self._check(compiled)
        handle = self._registered.get(id(compiled))
        if handle is None or not handle.registered:
            handle = RegistrationHandle(self, compiled)
            self._registered[id(compiled)] = handle
        return handle

    def run(self, compiled, *args):
        """Runs ``compiled`` with ``args``: host tensors are written back as by a call; a
        DeviceTensor of this worker is read and written in place, never copied to the host.
        Returns what a call returns (the Out/InOut host tensors)."""
        from .runtime import outputs_of

        self._check(compiled)
        buffers = []
        for a in args:
            if isinstance(a, DeviceTensor):
                buffers.append(a._buffer_for(self))
            else:
                buffers.append(a)
        result = compiled.run(buffers, self.config, platform=self.platform)
        host = {i: args[i] for i in result.outputs if not isinstance(args[i], DeviceTensor)}
        result.outputs = host
        return outputs_of(result)

    def close(self) -> None:
        for t in list(self._tensors.values()):
            t.freed = True
        self._tensors.clear()
        for h in self._registered.values():
            h.unregister()
        self._registered.clear()
        self.closed = True

    def __enter__(self) -> "ChipWorker":
        self._open()
        self._tokens.append(_current.set(self))
        return self

    def __exit__(self, *exc) -> None:
        _current.reset(self._tokens.pop())
        self.close()

    def __repr__(self) -> str:
        return f"<ChipWorker {self.platform}{' closed' if self.closed else ''}>"


class DistributedWorker:
    """PyPTO's L3+ worker (several devices and ranks): refused, since the simulator models one
    core group of one device."""

    def __init__(self, *args, **kwargs):
        from .artifact import _hardware_only

        raise _hardware_only("DistributedWorker",
                             "a distributed program runs on several devices and ranks")


# ---------------------------------------------------------------------------------------------
# Benchmark rounds.


class TraceInvocation:
    """One measured launch: ``host_wall_us`` (the wall time of the run: arguments to the
    simulator, the simulated core group, results back), ``device_wall_us`` (0: the simulator
    keeps no device clock), ``task`` (the entry function)."""

    def __init__(self, task: str, host_wall_us: float):
        self.task = self.task_name = task
        self.host_wall_us = host_wall_us
        self.device_wall_us = 0.0
        self.effective_us = 0.0

    def by_name(self) -> Dict[str, "TraceInvocation"]:
        return {"chip.run": self}

    @property
    def dur_us(self) -> float:
        return self.host_wall_us


def _aggregate(values: List[float], prefix: str) -> Dict[str, float]:
    if not values:
        return {}
    return {f"{prefix}_median": statistics.median(values), f"{prefix}_min": min(values),
            f"{prefix}_max": max(values), f"{prefix}_mean": statistics.fmean(values)}


class BenchmarkStats:
    """The rounds of ``benchmark``: ``host_wall_us`` (one wall time per measured round, in
    microseconds) with ``host_wall_us_median/_min/_max/_mean``; ``device_wall_us`` all 0 (as on
    PyPTO's *sim platforms: ``all_zero_device`` is True) with the same aggregates under
    ``device_wall_us_*`` and ``device_us_*``; ``samples`` aliases ``device_wall_us``;
    ``invocations`` one TraceInvocation per measured round; ``rounds``, ``warmup``."""

    def __init__(self, entry: str, host_us: List[float], warmup: int):
        self.entry = entry
        self.rounds = len(host_us)
        self.warmup = warmup
        self.invocations = [TraceInvocation(entry, us) for us in host_us]
        self.host_wall_us = list(host_us)
        self.device_wall_us = [0.0] * len(host_us)
        self.samples = self.device_wall_us
        self.all_zero_device = True
        for prefix, values in (("host_wall_us", self.host_wall_us),
                               ("device_wall_us", self.device_wall_us),
                               ("device_us", self.device_wall_us),
                               ("host_us", self.host_wall_us)):
            for k, v in _aggregate(values, prefix).items():
                setattr(self, k, v)

    def per_round(self, metric: str = "host") -> List[float]:
        if metric == "host":
            return list(self.host_wall_us)
        if metric in ("device", "effective"):
            return list(self.device_wall_us)
        raise ValueError(f"per_round({metric!r}): the simulator measures 'host' (and reports "
                         f"'device' and 'effective' as 0)")

    def format_tree(self, launch: int = 0) -> str:
        inv = self.invocations[launch]
        return f"launch {launch} (round={launch}):\nchip.run  {inv.host_wall_us:.1f}us\n"

    def print_tree(self, launch: int = 0) -> None:
        print(self.format_tree(launch), end="")

    def print_mean_tree(self, spread: str = "stdev") -> None:
        v = self.host_wall_us
        sd = statistics.stdev(v) if len(v) > 1 else 0.0
        extra = ""
        if spread in ("stdev", "both"):
            extra += f"  ±{sd:.1f}"
        if spread in ("minmax", "both"):
            extra += f"  [{min(v):.1f}..{max(v):.1f}]"
        print(f"mean of {len(v)} launches (warmup {self.warmup} excluded):\n"
              f"chip.run  {statistics.fmean(v):.1f}us{extra}")

    def __repr__(self) -> str:
        return (f"<BenchmarkStats {self.entry}: {self.rounds} rounds, host wall median "
                f"{getattr(self, 'host_wall_us_median', 0.0):.1f} us>")


def benchmark(compiled, args: Sequence[Any], rounds: int = 100, warmup: int = 3, *,
              platform: Optional[str] = None, device_id=None, config=None) -> BenchmarkStats:
    """Registers ``compiled`` once on a worker and runs it ``warmup`` + ``rounds`` times with
    ``args``, timing each measured run (the simulator's run, host wall clock)."""
    if config is not None and (platform is not None or device_id is not None):
        raise ValueError("benchmark: pass platform=/device_id= or config=, not both")
    if isinstance(compiled, str) or hasattr(compiled, "__fspath__"):
        from .artifact import CompiledProgram

        compiled = CompiledProgram.from_dir(compiled)
    if rounds < 1 or warmup < 0:
        raise ValueError(f"benchmark: rounds must be >= 1 and warmup >= 0, got {rounds}, "
                         f"{warmup}")
    platform = platform or getattr(config, "platform", None) or compiled.platform or "a2a3sim"
    with ChipWorker(config, platform=platform, device_id=device_id) as w:
        handle = w.register(compiled)
        for _ in range(warmup):
            handle(*args)
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            handle(*args)
            times.append((time.perf_counter() - start) * 1e6)
    return BenchmarkStats(compiled.entry, times, warmup)
