"""pypto.ir.op: op builder modules. ``tile_ops`` (also ``op.tile``), ``system`` (the
``system_ops`` module), ``tensor`` and ``distributed``."""

from . import distributed_ops as distributed  # noqa: F401
from . import system_ops  # noqa: F401
from . import system_ops as system  # noqa: F401
from . import tensor_ops as tensor  # noqa: F401
from . import tile_ops  # noqa: F401
from . import tile_ops as tile  # noqa: F401

__all__ = ["tile_ops", "tile", "system_ops", "system", "tensor", "distributed"]
