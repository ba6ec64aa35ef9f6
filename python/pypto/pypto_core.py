"""pypto.pypto_core: PyPTO's name for its native module, which test harnesses import from. Here it
offers the same ``ir`` and ``passes`` modules as the package (the native code is
tilesplit._core)."""

from __future__ import annotations

import sys

from . import LogLevel, ir, passes, set_log_level  # noqa: F401

# `from pypto.pypto_core.ir import MemorySpace`: the submodules are the package's own.
sys.modules[__name__ + ".ir"] = ir
sys.modules[__name__ + ".passes"] = passes

__all__ = ["ir", "passes", "_clear_thread_log_level"]


def _clear_thread_log_level() -> None:
    """Back to the default log level (tilesplit has no per-thread levels)."""
    set_log_level(LogLevel.WARN)
