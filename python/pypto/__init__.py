"""pypto: a PyPTO-compatible face of tilesplit (docs/python.md, "The pypto package").

    import pypto.language as pl          # the very module tilesplit.language
    from pypto import ir, passes

Everything here is a thin layer over the tilesplit C++ library (through tilesplit._core): the
names, argument orders and exceptions follow the PyPTO Python API, the work is tilesplit's. Put
build/python first on the path and this package shadows a real PyPTO installed on the same path.
"""

from __future__ import annotations

import enum
import sys

import tilesplit
from tilesplit import _core, _errors
from tilesplit import language

__all__ = [
    "DataType", "Error", "InternalError", "LogLevel", "get_log_level", "set_log_level", "ir", "passes",
    "backend", "language",
]


class Error(Exception):
    """The base of the errors this package raises itself (PyPTO's pypto.Error), e.g. a property
    violation reported by ``passes.verify_properties``; InternalError is one too."""


Error.__module__ = "pypto"


class InternalError(_errors.InternalError, Error):
    """A broken compiler invariant (a RuntimeError). Also a tilesplit.InternalError: once this
    package is imported, every internal error of the library is raised as this class."""


InternalError.__module__ = "pypto"
_errors.internal_error_class = InternalError

DataType = _core.DataType

# `import pypto.language as pl` is tilesplit's DSL module itself, not a copy.
sys.modules[__name__ + ".language"] = language

from . import _parser_modules  # noqa: E402

_parser_modules.install(__name__)  # pypto.language.parser.{text_parser,diagnostics.exceptions}


class LogLevel(enum.IntEnum):
    """Accepted for compatibility; tilesplit reports through exceptions and logs nothing."""

    DEBUG = 0
    INFO = 1
    WARN = 2
    ERROR = 3
    FATAL = 4
    EVENT = 5
    NONE = 6


_log_level = LogLevel.WARN


def get_log_level() -> LogLevel:
    return _log_level


def set_log_level(level: LogLevel) -> None:
    global _log_level
    _log_level = LogLevel(level)


from . import ir  # noqa: E402  (needs InternalError and the language alias above)
from . import passes  # noqa: E402
from . import backend  # noqa: E402
from . import runtime  # noqa: E402
