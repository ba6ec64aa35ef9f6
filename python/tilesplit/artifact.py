"""Compiled programs on disk: the compile-then-run workflow of PyPTO's runtime, on the simulator.

    compiled = compile_program(program, platform="a2a3sim")   # lowers, writes compiled.output_dir
    compiled(a, b, out)                                      # runs the lowered program
    again = CompiledProgram.from_dir(compiled.output_dir)    # in this process or a later one

Compiling runs the C++ ``default-pipeline`` over the program (the passes of
``tilesplit.passes``) and writes the output directory:

    program.py        the lowered program, printed by the C++ printer (our DSL, re-parseable)
    manifest.json     entry, parameters (name, direction, kind, shape, dtype), platform, pipeline
    passes_dump/      NN_after_<pass>.py, the program after each pass (when dump_passes)
    report/           pipeline_profile.txt / .json (when profiling)

Running an artifact parses nothing again in the same process; ``from_dir`` parses
``program.py`` back and runs it as it is (``run_program(..., lower=False)``: it is lowered
already). Nothing here decides anything about the program: parsing, the passes, printing, the
binding of arguments and the run are C++.
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import warnings
from typing import Any, Dict, List, Optional, Sequence

from . import _core
from .ir import Program

__all__ = ["CompiledProgram", "PassValidation", "compile_program", "execute_compiled",
           "HardwareOnlyError",
           "MANIFEST", "PROGRAM_FILE", "FORMAT"]

MANIFEST = "manifest.json"
PROGRAM_FILE = "program.py"
FORMAT = 1  # the manifest's layout; a directory of another format is refused when loaded
PIPELINE = "default-pipeline"


class HardwareOnlyError(NotImplementedError):
    """A feature of PyPTO's device runtime that has no meaning on the simulator (a device binary,
    its callable handle, raw device memory of another process...). The message names the feature
    and says why."""


def _hardware_only(feature: str, why: str) -> HardwareOnlyError:
    return HardwareOnlyError(f"{feature} is not available: {why} (tilesplit has no device "
                             f"runtime; the artifact runs on the simulator: call it, or use "
                             f"ChipWorker.run)")


def _entry_of(program: Program):
    """The function a run enters (the rule of src/sim/program_run.cpp: ``main``, else the one
    Orchestration function, else the one Opaque function)."""
    main = program.get_function("main")
    if main is not None:
        return main
    for kind in (_core.FunctionType.Orchestration, _core.FunctionType.Opaque):
        found = [f for f in program.functions if f.func_type == kind]
        if len(found) == 1:
            return found[0]
    return None


def _dim_text(d) -> Any:
    return int(d) if isinstance(d, int) else str(d)


def _param_record(p) -> Dict[str, Any]:
    t = p.type
    rec: Dict[str, Any] = {"name": p.name, "direction": p.direction.name}
    if isinstance(t, _core.TensorType):
        rec.update(kind="tensor", shape=[_dim_text(d) for d in t.shape], dtype=t.dtype.name)
    elif isinstance(t, _core.ScalarType):
        rec.update(kind="scalar", dtype=t.dtype.name)
    else:
        rec.update(kind="other", type=str(t))
    return rec


def _platform_checked(platform: Optional[str], program: Program) -> Optional[str]:
    if platform is not None:
        _core.check_platform(platform, program)  # a located error for a hardware platform
    return platform


def _default_output_dir(name: str) -> pathlib.Path:
    base = os.environ.get("PYPTO_PROG_BUILD_DIR") or "build_output"
    stamp = datetime.datetime.now().strftime("%Y%m%d_%H%M%S_%f")
    return pathlib.Path(base) / f"{name or 'program'}_{stamp}"


class CompiledProgram:
    """A lowered program and the directory that holds it.

    ``output_dir`` (a pathlib.Path), ``platform`` (None: any simulator platform), ``entry``,
    ``param_names``, ``param_directions``, ``params`` (the manifest's records),
    ``output_indices`` (the Out/InOut parameters), ``has_return``, ``pipeline``, ``lowered`` (the
    program the run executes), ``program`` (what was handed to compile, as-is; None after
    ``from_dir``). Calling it with one tensor or int per parameter runs it on the simulator and
    writes every Out/InOut result back into the caller's tensor; ``bound_scalars`` are scalar
    parameters the compile fixed (``kernel.compile(n=128)``), which the call does not take."""

    def __init__(self, output_dir, lowered: Program, manifest: Dict[str, Any],
                 program: Optional[Program] = None):
        self.output_dir = pathlib.Path(output_dir)
        self.lowered = lowered
        self.manifest = manifest
        self.program = program
        self.config = None  # the RunConfig given to kernel.compile, applied to calls
        self._stages: Optional[List[tuple]] = None

    # -- the manifest's facts ---------------------------------------------------------------
    @property
    def entry(self) -> str:
        return self.manifest["entry"]

    @property
    def platform(self) -> Optional[str]:
        return self.manifest.get("platform")

    @property
    def backend_type(self):
        return self.manifest.get("backend_type")

    @property
    def pipeline(self) -> str:
        return self.manifest["pipeline"]

    @property
    def params(self) -> List[Dict[str, Any]]:
        return list(self.manifest["params"])

    @property
    def bound_scalars(self) -> Dict[str, int]:
        return dict(self.manifest.get("bound_scalars", {}))

    @property
    def param_names(self) -> List[str]:
        bound = self.bound_scalars
        return [p["name"] for p in self.manifest["params"] if p["name"] not in bound]

    @property
    def param_directions(self) -> List[_core.ParamDirection]:
        bound = self.bound_scalars
        return [getattr(_core.ParamDirection, p["direction"]) for p in self.manifest["params"]
                if p["name"] not in bound]

    @property
    def output_indices(self) -> List[int]:
        return [i for i, d in enumerate(self.param_directions)
                if d != _core.ParamDirection.In]

    @property
    def has_return(self) -> bool:
        return bool(self.manifest.get("has_return"))

    # -- what only a device runtime has ----------------------------------------------------
    def _device(name: str, why: str):  # noqa: N805 (a property factory)
        def get(self):
            raise _hardware_only(f"CompiledProgram.{name}", why)

        return property(get, doc=f"Refused: {why}.")

    chip_callable = _device("chip_callable", "there is no device binary to hand to a runtime")
    runtime_name = _device("runtime_name", "no device runtime is loaded")
    runtime_config = _device("runtime_config", "no device runtime is loaded")
    build_orch_args = _device("build_orch_args", "there is no generated orchestration to "
                              "build device arguments for")
    build_call_config = _device("build_call_config", "there is no device launch to configure")
    orchestration_names = _device("orchestration_names", "there is no generated host "
                                  "orchestration code")
    del _device

    def prepare(self, *args, **kwargs):
        raise _hardware_only("CompiledProgram.prepare (a DistributedWorker)",
                             "a distributed program runs on several devices and ranks")

    def stages(self) -> List[tuple]:
        """(pass name, program after it) for each pass of the compile, in order: kept in memory
        by compile, read back from passes_dump/ after ``from_dir`` (empty without dumps)."""
        if self._stages is None:
            self._stages = []
            dump = self.output_dir / "passes_dump"
            for path in sorted(dump.glob("[0-9][0-9]_after_*.py")) if dump.is_dir() else []:
                name = path.stem.split("_after_", 1)[1]
                self._stages.append((name, _core.parse(path.read_text(encoding="utf-8"),
                                                       str(path), True, True)))
        return list(self._stages)

    def validate_ir(self, *args, rtol: float = 5e-2, atol: float = 5e-2, seed: int = 0,
                    reference: Optional[Program] = None) -> List["PassValidation"]:
        """Runs the program as it stood after each pass on the reference interpreter
        (``tilesplit run``'s) with ``args`` (one tensor or int per parameter; without them,
        seeded random inputs) and compares every Out/InOut result with that of ``reference``
        (default: the program handed to compile; after ``from_dir``: the first dump) at
        ``rtol``/``atol``. Returns one PassValidation per pass, in order; the first whose
        ``matches`` is False is the pass that changed the results. A stage the interpreter
        cannot run alone (between expand-mixed-kernel and split-vector-kernel an AIV function
        is split but not yet dispatched to both lanes) is reported ``runnable=False``."""
        import numpy as np

        stages = self.stages()
        if reference is None:
            reference = self.program
        if reference is None:
            if not stages:
                raise ValueError(f"{self.output_dir}: validate_ir needs the program before the "
                                 f"passes, or pass dumps (compile with dump_passes=True)")
            reference = stages[0][1]
        arrays, scalars = self._interpreter_inputs(self._full_args(args) if args else None)
        want = self._interpret(reference, arrays, scalars)
        results = []
        for name, program in stages:
            try:
                got = self._interpret(program, arrays, scalars)
            except (ValueError, RuntimeError) as e:
                results.append(PassValidation(name, False, None, str(e).splitlines()[0]))
                continue
            worst = 0.0
            ok = set(got) == set(want)
            for k in want:
                if k not in got or got[k].shape != want[k].shape:
                    ok = False
                    continue
                w, g = want[k].astype(np.float64), got[k].astype(np.float64)
                worst = max(worst, float(np.nanmax(np.abs(w - g))) if w.size else 0.0)
                ok = ok and bool(np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True))
            results.append(PassValidation(name, True, ok, "", worst))
        return results

    def _interpreter_inputs(self, args):
        from .runtime import _encode

        arrays: Dict[str, bytes] = {}
        scalars: Dict[str, int] = {}
        if args is None:
            return arrays, scalars
        names = [p["name"] for p in self.manifest["params"]]
        if len(args) != len(names):
            raise TypeError(f"validate_ir: {self.entry} takes {len(names)} arguments, "
                            f"{len(args)} were given")
        for n, a in zip(names, args):
            if isinstance(a, int):
                scalars[n] = int(a)
            else:
                arrays[n] = _encode(a)[0]
        return arrays, scalars

    def _interpret(self, program: Program, arrays, scalars):
        import io

        import numpy as np

        kind, report, outputs = _core.sim_run(program, self.entry, arrays, 0, scalars)
        if kind != "ok":
            raise RuntimeError(f"{kind}: {report}")
        return {k: np.load(io.BytesIO(v), allow_pickle=False) for k, v in outputs.items()}

    # -- running ---------------------------------------------------------------------------
    def _full_args(self, args: Sequence[Any]) -> List[Any]:
        bound = self.bound_scalars
        if not bound:
            return list(args)
        it = iter(args)
        full = []
        names = [p["name"] for p in self.manifest["params"]]
        given = len(names) - len(bound)
        if len(args) != given:
            raise TypeError(f"{self.entry}() takes {given} arguments ({', '.join(self.param_names)}"
                            f"; {', '.join(sorted(bound))} fixed at compile time), "
                            f"{len(args)} were given")
        for n in names:
            full.append(bound[n] if n in bound else next(it))
        return full

    def check_platform(self, platform: Optional[str]) -> None:
        """Refuses to dispatch on a platform other than the one compiled for."""
        if platform is None:
            return
        _core.check_platform(platform, self.lowered)
        if self.platform is not None and platform != self.platform:
            raise ValueError(f"the program in {self.output_dir} was compiled for platform "
                             f"'{self.platform}', not '{platform}': compile it for the platform "
                             f"you dispatch on")

    def run(self, args: Sequence[Any], config=None, *, platform: Optional[str] = None,
            check: bool = False):
        """Runs the lowered program with ``args``; returns tilesplit.runtime.RunResult. Without
        ``config``, the RunConfig given to compile applies (its ``check`` too)."""
        from .runtime import CONFIG_COMPILE_FIELDS, run_configured

        skip = ()
        if config is None and self.config is not None:
            config, skip = self.config, CONFIG_COMPILE_FIELDS  # those were honoured by compile
        platform = platform or getattr(config, "platform", None) or self.platform or "a2a3sim"
        self.check_platform(platform)
        return run_configured(self.lowered, self._full_args(args), config, check=check,
                              lower=False, platform=platform, skip_fields=skip)

    def __call__(self, *args, config=None):
        from .runtime import active_worker, outputs_of

        worker = active_worker()
        if worker is not None:
            return worker.run(self, *args)
        return outputs_of(self.run(args, config))

    def __repr__(self) -> str:
        return (f"<CompiledProgram {self.entry} in {self.output_dir} "
                f"(platform={self.platform!r})>")

    # -- loading ---------------------------------------------------------------------------
    @classmethod
    def from_dir(cls, work_dir, platform: Optional[str] = None) -> "CompiledProgram":
        """The artifact in ``work_dir`` (written by ``compile_program``, in any process): the
        manifest is read and ``program.py`` parsed back. ``program`` is None. An edited
        ``program.py`` is what runs."""
        work_dir = pathlib.Path(work_dir)
        manifest_path = work_dir / MANIFEST
        if not manifest_path.is_file():
            raise FileNotFoundError(f"{work_dir} holds no compiled program: {MANIFEST} is "
                                    f"missing (compile with pypto.ir.compile or kernel.compile)")
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        if manifest.get("format") != FORMAT:
            raise ValueError(f"{manifest_path}: manifest format {manifest.get('format')!r}, "
                             f"this tilesplit reads format {FORMAT}: compile it again")
        source = work_dir / manifest.get("program_file", PROGRAM_FILE)
        lowered = _core.parse(source.read_text(encoding="utf-8"), str(source))
        entry = _entry_of(lowered)
        if entry is None or entry.name != manifest["entry"]:
            raise ValueError(f"{source}: the program's entry is "
                             f"{entry.name if entry is not None else 'missing'}, but "
                             f"{MANIFEST} names '{manifest['entry']}'")
        recorded = [(p["name"], p["direction"]) for p in manifest["params"]]
        actual = [(p.name, p.direction.name) for p in entry.params]
        if recorded != actual:
            raise ValueError(f"{source}: the parameters of '{entry.name}' are {actual}, but "
                             f"{MANIFEST} records {recorded}")
        compiled = cls(work_dir, lowered, manifest)
        if platform is not None:
            compiled.check_platform(platform)
        return compiled

    load = from_dir


class PassValidation:
    """One pass of ``validate_ir``: ``pass_name``, ``runnable`` (False: the interpreter could
    not run that stage alone; ``reason`` says why), ``matches`` (None when not runnable) and
    ``max_abs_diff`` against the reference."""

    def __init__(self, pass_name: str, runnable: bool, matches, reason: str = "",
                 max_abs_diff: Optional[float] = None):
        self.pass_name = pass_name
        self.runnable = runnable
        self.matches = matches
        self.reason = reason
        self.max_abs_diff = max_abs_diff

    def __repr__(self) -> str:
        if not self.runnable:
            return f"<PassValidation {self.pass_name}: not runnable alone>"
        return (f"<PassValidation {self.pass_name}: {'matches' if self.matches else 'DIFFERS'}"
                f", max |diff| {self.max_abs_diff:g}>")


class _Stages:
    """A pass instrument keeping the program after each pass (for validate_ir)."""

    def __init__(self):
        from .passes import PassInstrument

        outer = self

        class Keep(PassInstrument):
            def after_pass(self, pass_, before, after):
                name = "".join(w.capitalize() for w in pass_.name.split("-"))
                outer.stages.append((name, after))

        self.stages: List[tuple] = []
        self.instrument = Keep()


class _DumpPasses:
    """A pass instrument writing the program after each pass to passes_dump/."""

    def __init__(self, directory: pathlib.Path):
        from .passes import PassInstrument

        outer = self

        class Dump(PassInstrument):
            def after_pass(self, pass_, before, after):
                outer.count += 1
                name = "".join(w.capitalize() for w in pass_.name.split("-"))
                path = outer.directory / f"{outer.count:02d}_after_{name}.py"
                path.write_text(after.as_python(), encoding="utf-8")

        self.directory = directory
        self.count = 0
        self.instrument = Dump()


def _verification_instruments(level) -> list:
    from . import passes

    if level is None:
        level = os.environ.get("PYPTO_VERIFY_LEVEL") or "BASIC"
    name = getattr(level, "name", level)
    name = str(name).upper()
    if name == "NONE":
        return []
    if name == "BASIC":
        return [passes.VerifyProperties()]
    if name == "ROUNDTRIP":
        return [passes.VerifyProperties(), passes.RoundTrip()]
    raise ValueError(f"verification_level {level!r}: use NONE, BASIC or ROUNDTRIP")


# ir.compile options with no meaning on the simulator, and why (a true value warns, naming it).
_COMPILE_NO_SIMULATOR_MEANING = {
    "skip_ptoas": "there is no device assembler (ptoas) step to skip",
    "memory_planner": "the simulator plans no on-chip buffer addresses",
    "diagnostic_phase": "tilesplit's passes have no phase-gated diagnostics",
    "disabled_diagnostics": "tilesplit's passes have no phase-gated diagnostics",
    "analyze_auto_scopes_for_deps": "the simulator derives no task dependencies",
    "enable_pypto_l0c_double_buffer": "the simulator plans no L0C buffers",
    "emit_source_loc": "there is no .pto output to carry source locations",
    "dump_ptoas_passes": "there is no device assembler (ptoas) to dump",
}


def compile_program(program: Program, output_dir=None, *, platform: Optional[str] = None,
                    dump_passes=True, strategy=None, backend_type=None,
                    verification_level=None, profiling: bool = False,
                    distributed_config=None, bound_scalars: Optional[Dict[str, int]] = None,
                    **options) -> CompiledProgram:
    """Lowers ``program`` with ``default-pipeline`` and writes the output directory (module
    docstring). ``platform`` is checked (a hardware platform is a located error) and recorded:
    the artifact then runs on that platform only. ``verification_level`` NONE / BASIC (the
    default, or ``$PYPTO_VERIFY_LEVEL``) / ROUNDTRIP puts the property verifiers, and the print ->
    parse round trip, around every pass; ``profiling`` writes each pass's time to report/.
    Options that configure a device toolchain warn by name."""
    from . import passes

    if not isinstance(program, Program):
        raise TypeError(f"compile takes a Program (a @pl.program class, a @pl.function, or "
                        f"kernel.lower(...)), not {type(program).__name__}")
    if distributed_config is not None:
        raise _hardware_only("ir.compile(distributed_config=...)",
                             "a distributed program runs on several devices and ranks")
    if strategy is not None and getattr(strategy, "name", str(strategy)) not in ("Default",):
        raise ValueError(f"strategy {strategy!r}: Default (default-pipeline) is the only one")
    for name, value in options.items():
        why = _COMPILE_NO_SIMULATOR_MEANING.get(name)
        if why is None:
            raise TypeError(f"compile() got an unexpected keyword argument '{name}'")
        if value not in (None, False, 0, "", [], ()):
            warnings.warn(f"compile({name}={value!r}) has no effect on the simulator: {why}",
                          stacklevel=3)
    platform = _platform_checked(platform, program)
    entry = _entry_of(program)
    if entry is None:
        _core.check_platform("a2a3sim", program)  # the C++ error listing the candidates
        raise ValueError("the program has no entry function")

    out = pathlib.Path(output_dir) if output_dir is not None else _default_output_dir(
        program.name or entry.name)
    out.mkdir(parents=True, exist_ok=True)
    instruments = _verification_instruments(verification_level)
    dump_level = getattr(dump_passes, "name", dump_passes)
    if dump_level not in (False, None, "NONE"):
        (out / "passes_dump").mkdir(exist_ok=True)
        dumper = _DumpPasses(out / "passes_dump")
        instruments.append(dumper.instrument)
    keep = _Stages()
    instruments.append(keep.instrument)
    timer = passes.TimePasses() if profiling else None
    if timer is not None:
        instruments.append(timer)
    with passes.PassContext(instruments):
        lowered = passes.pipeline(PIPELINE)(program)

    lowered_entry = lowered.get_function(entry.name)
    if lowered_entry is None:
        raise RuntimeError(f"the lowered program lost its entry '{entry.name}'")
    (out / PROGRAM_FILE).write_text(lowered.as_python(), encoding="utf-8")
    if timer is not None:
        (out / "report").mkdir(exist_ok=True)
        (out / "report" / "pipeline_profile.txt").write_text(timer.report(), encoding="utf-8")
        (out / "report" / "pipeline_profile.json").write_text(json.dumps(
            [{"pass": p, "runs": n, "seconds": s} for p, n, s in timer.rows], indent=2),
            encoding="utf-8")
    params = [_param_record(p) for p in lowered_entry.params]
    bound = dict(bound_scalars or {})
    unknown = set(bound) - {p["name"] for p in params if p["kind"] == "scalar"}
    if unknown:
        raise TypeError(f"{entry.name}: no scalar parameter {', '.join(sorted(unknown))}")
    from . import __version__

    manifest = {
        "format": FORMAT,
        "tilesplit_version": __version__,
        "program_name": lowered.name,
        "entry": entry.name,
        "params": params,
        "has_return": bool(lowered_entry.return_types),
        "platform": platform,
        "backend_type": getattr(backend_type, "name", backend_type),
        "pipeline": PIPELINE,
        "passes": passes.pipelines()[PIPELINE],
        "program_file": PROGRAM_FILE,
        "bound_scalars": bound,
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    compiled = CompiledProgram(out, lowered, manifest, program=program)
    compiled._stages = keep.stages
    return compiled


def execute_compiled(work_dir, args: Sequence[Any], platform: Optional[str] = None, *,
                     config=None, check: bool = False):
    """Loads the artifact in ``work_dir`` (``CompiledProgram.from_dir``) and runs it with
    ``args``, writing every Out/InOut result back into the caller's tensors. Returns the
    RunResult."""
    compiled = CompiledProgram.from_dir(work_dir)
    return compiled.run(list(args), config, platform=platform, check=check)
