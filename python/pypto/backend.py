"""pypto.backend: the process-wide target selection of PyPTO's test harness.

tilesplit compiles for one core-group model whatever the backend, so the selection is recorded
and checked (setting it twice without ``reset_for_testing`` is an error, as in PyPTO) but changes
nothing in the passes.
"""

from __future__ import annotations

import enum
from typing import Optional

__all__ = ["BackendType", "set_backend_type", "get_backend_type", "reset_for_testing"]


class BackendType(enum.Enum):
    Ascend910B = "Ascend910B"
    Ascend950 = "Ascend950"


_current: Optional[BackendType] = None


def set_backend_type(backend: BackendType) -> None:
    global _current
    if not isinstance(backend, BackendType):
        raise TypeError(f"set_backend_type takes a BackendType, not {type(backend).__name__}")
    if _current is not None and _current is not backend:
        raise ValueError(f"the backend is already {_current.name}; call reset_for_testing() "
                         f"before choosing {backend.name}")
    _current = backend


def get_backend_type() -> Optional[BackendType]:
    return _current


def reset_for_testing() -> None:
    global _current
    _current = None
