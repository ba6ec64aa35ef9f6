"""pypto.ir.op.tensor: builders of ``tensor.*`` calls, generic over the registered signatures
(``tensor.aiv_shard(t, split=1)``)."""

from __future__ import annotations

from ._build import module_getattr

__getattr__ = module_getattr("tensor", __name__)


def _scalar_rhs(value) -> bool:
    from tilesplit._core import Expr, ScalarType
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return True
    return isinstance(value, Expr) and isinstance(value.type, ScalarType)


def _bitwise(name: str):
    """PyPTO's ``tensor.and_`` & co.: a scalar rhs selects the ``*s`` op (``tensor.ands``)."""
    from ._build import call

    def build(lhs, rhs, span=None):
        op = f"tensor.{name}s" if _scalar_rhs(rhs) else f"tensor.{name}"
        return call(op, [lhs, rhs], None, span)

    build.__name__ = f"{name}_"
    return build


and_ = _bitwise("and")
or_ = _bitwise("or")
shl = _bitwise("shl")
shr = _bitwise("shr")

fmod = _bitwise("fmod")


def create(shape, dtype, span=None, **kwargs):
    """PyPTO's ``tensor.create(shape, dtype)`` (dtype positional or by name)."""
    from ._build import call
    return call("tensor.create", [shape], {"dtype": dtype, **kwargs}, span)


def _arith(name: str, scalar_name: str):
    """PyPTO's ``tensor.add`` & co.: a scalar rhs selects the scalar op (``tensor.adds``)."""
    from ._build import call

    def build(lhs, rhs, span=None, **kwargs):
        op = f"tensor.{scalar_name}" if _scalar_rhs(rhs) else f"tensor.{name}"
        return call(op, [lhs, rhs], kwargs or None, span)

    build.__name__ = name
    return build


add = _arith("add", "adds")
sub = _arith("sub", "subs")
mul = _arith("mul", "muls")
div = _arith("div", "divs")
maximum = _arith("maximum", "maximums")
minimum = _arith("minimum", "minimums")
