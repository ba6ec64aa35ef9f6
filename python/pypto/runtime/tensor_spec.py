"""pypto.runtime.tensor_spec: how a test harness describes a run's tensors and scalars."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, List, Optional, Union

__all__ = ["TensorSpec", "ScalarSpec"]


@dataclass
class TensorSpec:
    """A tensor argument: its name, shape, dtype (a harness DataType or a pl dtype), how it is
    initialised (None: zeros, a scalar, a tensor, or a callable taking the shape) and whether it
    is an output."""

    name: str
    shape: List[int]
    dtype: Any
    init_value: Union[int, float, Any, Callable, None] = None
    is_output: bool = False


@dataclass
class ScalarSpec:
    """A scalar argument passed after the tensors."""

    name: str
    dtype: Any
    value: Optional[Union[int, float]] = None
