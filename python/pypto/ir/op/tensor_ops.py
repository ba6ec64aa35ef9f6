"""pypto.ir.op.tensor: builders of ``tensor.*`` calls, generic over the registered signatures
(``tensor.aiv_shard(t, split=1)``)."""

from __future__ import annotations

from ._build import module_getattr
from ._build import scalar_rhs_builder as _scalar_rhs_builder

__getattr__ = module_getattr("tensor", __name__)


and_ = _scalar_rhs_builder("tensor", "and", "and_")
or_ = _scalar_rhs_builder("tensor", "or", "or_")
shl = _scalar_rhs_builder("tensor", "shl")
shr = _scalar_rhs_builder("tensor", "shr")
fmod = _scalar_rhs_builder("tensor", "fmod")


def create(shape, dtype, span=None, **kwargs):
    """PyPTO's ``tensor.create(shape, dtype)`` (dtype positional or by name)."""
    from ._build import call
    return call("tensor.create", [shape], {"dtype": dtype, **kwargs}, span)


add = _scalar_rhs_builder("tensor", "add")
sub = _scalar_rhs_builder("tensor", "sub")
mul = _scalar_rhs_builder("tensor", "mul")
div = _scalar_rhs_builder("tensor", "div")
maximum = _scalar_rhs_builder("tensor", "maximum")
minimum = _scalar_rhs_builder("tensor", "minimum")
