"""Shared helpers of the end-to-end tests: PyPTO's own programs run unchanged on tilesplit.

The programs are read from ../shared/peer/pypto-programs/ (next to the checkout); when that folder
is absent every test that needs it is skipped with a message saying so. Tests that need a pass not
on this branch yet skip with the pass's name (`needs convert-tensor-to-tile-ops`), keyed on the
pass registry, so they run as soon as the pass is merged.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
import types

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROGRAMS = (ROOT.parent / "shared" / "peer" / "pypto-programs").resolve()

# The passes a tensor-level program needs before the split (the default pipeline's marked slots).
TENSOR_PASSES = ("convert-tensor-to-tile-ops", "infer-tile-memory-space")


def require_programs(name: str = "") -> pathlib.Path:
    path = PROGRAMS / name if name else PROGRAMS
    if not path.exists():
        pytest.skip(f"PyPTO's programs are not present at {path} (a checkout without "
                    f"../shared/peer/pypto-programs)")
    return path


def require_passes(*names: str) -> None:
    from tilesplit import passes

    registered = set(passes.registered())
    default = passes.pipelines().get("default-pipeline", [])
    for n in names:
        if n not in registered:
            pytest.skip(f"needs {n} (not registered on this branch)")
        if n not in default:
            pytest.skip(f"needs {n} in default-pipeline (registered, not yet in the pipeline)")


def require_torch():
    return pytest.importorskip("torch", reason="needs torch (python3-torch, scripts/bootstrap.sh)")


class Unparsed:
    """A @pl.program the front end rejected while its module was imported: the error is kept and
    raised by the test that uses the program, so that one program's rejection fails only its test."""

    def __init__(self, name: str, error: Exception):
        self.name = name
        self.error = error

    def __repr__(self) -> str:
        return f"<unparsed program {self.name}: {self.error}>"


def program_of(obj):
    if isinstance(obj, Unparsed):
        raise obj.error
    return obj


def import_program_module(path: pathlib.Path, name: str, tolerant: bool = True):
    """Imports a PyPTO test module with `harness.core.harness` resolved to the harness in
    pypto-programs/harness/ and (with `tolerant`) every @pl.program that fails to parse replaced
    by `Unparsed`; without it, the module imports as written or raises."""
    import pypto.language as pl

    if "harness.core.harness" not in sys.modules:
        spec = importlib.util.spec_from_file_location("harness.core.harness",
                                                      PROGRAMS / "harness" / "harness.py")
        module = importlib.util.module_from_spec(spec)
        for pkg in ("harness", "harness.core"):
            sys.modules.setdefault(pkg, types.ModuleType(pkg))
        sys.modules["harness.core.harness"] = module
        spec.loader.exec_module(module)
        sys.modules["harness.core"].harness = module
        sys.modules["harness"].core = sys.modules["harness.core"]

    from tilesplit import language

    original = pl.program

    def tolerant_wrapper(cls=None, **kw):
        frame = sys._getframe(1)  # the module's: its constants are the program's

        def decorate(c):
            try:
                return language._parse_rewritten(
                    language._rewrite(c, frame.f_locals, frame.f_globals))
            except Exception as e:  # noqa: BLE001 - kept for the test that uses it
                return Unparsed(c.__name__, e)

        return decorate(cls) if cls is not None else decorate

    if tolerant:
        pl.program = tolerant_wrapper
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # inspect finds a class's source through it
        spec.loader.exec_module(module)
    finally:
        pl.program = original
    return module
