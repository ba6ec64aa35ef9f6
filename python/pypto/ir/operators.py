"""Python operators on ``Expr`` and PyPTO's expression builder functions.

``a + b``, ``a * 64``, ``a == b``, ... build ``Binary`` nodes through the library's builder
(ir::MakeBinary), which type-checks, promotes within a category and folds two constant operands.
Python ints become INDEX constants and floats FP32 ones.

``==`` and ``!=`` build comparison nodes too. The truth value of such a node is whether its
operands are structurally equal (variables by identity), so ``x == y`` in an ``if`` or an
``assert`` still answers "is it the same expression", and hashing stays by identity. Operands
that are not scalars (two tiles) compare by identity, as before the operators were installed.
"""

from __future__ import annotations

from tilesplit import _core
from tilesplit._errors import UserError
from tilesplit._core import BinaryOp, Binary, Expr, UnaryOp

__all__ = [
    "add", "sub", "mul", "truediv", "floordiv", "floor_div", "mod", "floor_mod", "min_", "max_",
    "eq", "ne", "lt", "le", "gt", "ge", "and_", "or_", "neg", "not_", "cast",
]

_OPERAND_TYPES = (Expr, int, float)


def _builder(op: BinaryOp):
    def build(lhs, rhs, span=None):
        return _core.make_binary(op, lhs, rhs, span)

    return build


add = _builder(BinaryOp.Add)
sub = _builder(BinaryOp.Sub)
mul = _builder(BinaryOp.Mul)
truediv = _builder(BinaryOp.FloatDiv)
floordiv = floor_div = _builder(BinaryOp.FloorDiv)
mod = floor_mod = _builder(BinaryOp.FloorMod)
min_ = _builder(BinaryOp.Min)
max_ = _builder(BinaryOp.Max)
eq = _builder(BinaryOp.Eq)
ne = _builder(BinaryOp.Ne)
lt = _builder(BinaryOp.Lt)
le = _builder(BinaryOp.Le)
gt = _builder(BinaryOp.Gt)
ge = _builder(BinaryOp.Ge)
and_ = _builder(BinaryOp.And)
or_ = _builder(BinaryOp.Or)


def neg(operand, span=None):
    return _core.make_unary(UnaryOp.Neg, operand, span)


def not_(operand, span=None):
    return _core.make_unary(UnaryOp.Not, operand, span)


def cast(value, dtype, span=None):
    return _core.make_cast(value, dtype, span)


def _forward(op: BinaryOp):
    def method(self, other):
        if not isinstance(other, _OPERAND_TYPES) or isinstance(other, bool):
            return NotImplemented
        return _core.make_binary(op, self, other, None)

    return method


def _reflected(op: BinaryOp):
    def method(self, other):
        if not isinstance(other, _OPERAND_TYPES) or isinstance(other, bool):
            return NotImplemented
        return _core.make_binary(op, other, self, None)

    return method


def _comparison(op: BinaryOp):
    def method(self, other):
        if isinstance(other, bool) or not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        try:
            return _core.make_binary(op, self, other, None)
        except UserError:
            # Not two scalars (tiles, tensors): identity, the comparison nodes had before.
            same = isinstance(other, Expr) and self.same_as(other)
            return same if op == BinaryOp.Eq else not same

    return method


for _name, _op in (("add", BinaryOp.Add), ("sub", BinaryOp.Sub), ("mul", BinaryOp.Mul),
                   ("truediv", BinaryOp.FloatDiv), ("floordiv", BinaryOp.FloorDiv),
                   ("mod", BinaryOp.FloorMod)):
    setattr(Expr, f"__{_name}__", _forward(_op))
    setattr(Expr, f"__r{_name}__", _reflected(_op))
for _name, _op in (("lt", BinaryOp.Lt), ("le", BinaryOp.Le), ("gt", BinaryOp.Gt),
                   ("ge", BinaryOp.Ge), ("eq", BinaryOp.Eq), ("ne", BinaryOp.Ne)):
    setattr(Expr, f"__{_name}__", _comparison(_op))
Expr.__neg__ = lambda self: neg(self)
# __eq__ set after class creation keeps the identity __hash__ (a node is a dict key by identity).


def _binary_bool(self) -> bool:
    if self.op == BinaryOp.Eq:
        return _core.expr_equal(self.lhs, self.rhs)
    if self.op == BinaryOp.Ne:
        return not _core.expr_equal(self.lhs, self.rhs)
    return True


Binary.__bool__ = _binary_bool
