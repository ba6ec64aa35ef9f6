"""The two exceptions of the package and their construction from C++ diagnostics.

A UserError is the kernel author's mistake (a ValueError); an InternalError is a bug in tilesplit.
Both carry the location and the rendered diagnostic (``FILE:LINE:COL: error: ...``, the source
line and a caret). Kernels written as Python are parsed from a rewritten copy of their source
(dedented, outer constants substituted); ``tilesplit.language`` registers how to map positions in
that copy back to the .py file, and ``from_core`` applies it so every reported column and quoted
line is the one in the user's file.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

__all__ = ["UserError", "InternalError", "Note", "ParserError", "ParserSyntaxError",
           "InvalidOperationError"]

# file id of a rewritten buffer -> (original file id, column mapper(line, col) -> col)
_remaps: Dict[int, Tuple[int, Callable[[int, int], int]]] = {}
# Set by tilesplit.language while it parses a rewritten buffer whose file id is not known yet;
# has .matches(file_id), .original and .rw.map_col.
_pending = None


def register_remap(file_id: int, original_file_id: int, map_col: Callable[[int, int], int]) -> None:
    _remaps[file_id] = (original_file_id, map_col)


def remap_span(span: Tuple[int, int, int]) -> Tuple[int, int, int]:
    """(file, line, col) in a rewritten buffer -> the same position in the original file."""
    file_id, line, col = span
    if line == 0:
        return span
    entry = _remaps.get(file_id)
    if entry is None and _pending is not None and _pending.matches(file_id):
        entry = (_pending.original, _pending.rw.map_col)
    if entry is None:
        return span
    original, map_col = entry
    return (original, line, map_col(line, col))


class Note:
    """A secondary location attached to a diagnostic."""

    def __init__(self, filename: str, line: int, col: int, message: str):
        self.filename = filename
        self.line = line
        self.col = col
        self.message = message

    def __repr__(self) -> str:
        where = f"{self.filename}:{self.line}:{self.col}" if self.line else "-"
        return f"Note({where}: {self.message!r})"


class _Diagnostic:
    """Fields shared by both exception kinds."""

    filename: str
    line: int
    col: int
    message: str
    rendered: str
    notes: List[Note]

    def _init_fields(self, message, filename, line, col, rendered, notes):
        self.message = message
        self.filename = filename
        self.line = line
        self.col = col
        self.rendered = rendered if rendered else message
        self.notes = list(notes or [])

    def __str__(self) -> str:
        return self.rendered.rstrip("\n")


class UserError(_Diagnostic, ValueError):
    """A mistake in the kernel or in how the API was used; ``rendered`` points at it.
    ``category`` is the kind of mistake when the library names one (``"unsupported-construct"``:
    a Python construct the DSL has no counterpart for), else ``""``."""

    def __init__(self, message: str, filename: str = "", line: int = 0, col: int = 0,
                 rendered: str = "", notes: Optional[List[Note]] = None, category: str = ""):
        ValueError.__init__(self, message)
        self._init_fields(message, filename, line, col, rendered, notes)
        self.category = category


class InternalError(_Diagnostic, RuntimeError):
    """A broken compiler invariant: a bug in tilesplit, not in the kernel."""

    def __init__(self, message: str, filename: str = "", line: int = 0, col: int = 0,
                 rendered: str = "", notes: Optional[List[Note]] = None):
        RuntimeError.__init__(self, message)
        self._init_fields(message, filename, line, col, rendered, notes)


class ParserError(Exception):
    """Base of the errors raised while the DSL front end reads a kernel (PyPTO's name)."""


class ParserSyntaxError(UserError, ParserError):
    """The kernel text is not a program the front end accepts: syntax, names, types."""


class InvalidOperationError(UserError, ParserError):
    """A Python statement the DSL has no counterpart for (``break``, ``continue``, ...)."""


class SSAViolationError(ParserSyntaxError):
    """A name bound twice in a program or function declared ``strict_ssa=True``."""


def as_parser_error(e: UserError) -> UserError:
    """The same diagnostic as the parser error class PyPTO raises for it; still a UserError and
    so a ValueError."""
    if isinstance(e, ParserError):
        return e
    category = getattr(e, "category", "")
    cls = (InvalidOperationError if category == "unsupported-construct" else
           SSAViolationError if category == "ssa-violation" else ParserSyntaxError)
    return cls(e.message, e.filename, e.line, e.col, e.rendered, e.notes, e.category)


# The class every InternalError is raised as. The `pypto` compatibility package installs its own
# subclass (its InternalError must report `__module__ == "pypto"`), so that `except
# pypto.InternalError` and `except tilesplit.InternalError` both catch what the library raises.
internal_error_class = InternalError


def _name(file_id: int) -> str:
    from . import _core

    return _core.source_name(file_id) if file_id else ""


def from_core(kind: str, message: str, rendered: str, span, notes, category: str = ""):
    """Called by the C++ exception translator; returns the exception to raise."""
    from . import _core

    span = tuple(span)
    notes = [tuple(n) for n in notes]
    new_span = remap_span(span)
    new_notes = [remap_span(n[:3]) + (n[3],) for n in notes]
    if new_span != span or new_notes != notes:
        span, notes = new_span, new_notes
        if kind == "user":
            rendered = _core.render_user_error(message, span, notes)
        else:
            rendered = _core.render_internal_error(message, span)
    py_notes = [Note(_name(f), ln, c, m) for (f, ln, c, m) in notes]
    if kind == "user":
        return UserError(message, _name(span[0]), span[1], span[2], rendered, py_notes, category)
    return internal_error_class(message, _name(span[0]), span[1], span[2], rendered, py_notes)
