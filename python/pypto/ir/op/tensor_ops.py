"""pypto.ir.op.tensor: builders of ``tensor.*`` calls, generic over the registered signatures
(``tensor.aiv_shard(t, split=1)``)."""

from __future__ import annotations

from ._build import generic as _generic
from ._build import module_getattr
from ._build import scalar_rhs_builder as _scalar_rhs_builder

__getattr__ = module_getattr("tensor", __name__)


and_ = _scalar_rhs_builder("tensor", "and", "and_")
or_ = _scalar_rhs_builder("tensor", "or", "or_")
not_ = _generic("tensor.not")  # `not` is a Python keyword
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


def slice(tensor, shape, offset, valid_shape=None, drop_dims=None, pad_value=None,  # noqa: A001
          span=None):
    """PyPTO's ``tensor.slice``: ``drop_dims`` without ``valid_shape`` passes ``[]`` (none) in
    its place, as ``tile_ops.slice`` does."""
    from ._build import call
    args = [tensor, shape, offset]
    if drop_dims is not None:
        args += [valid_shape if valid_shape is not None else [], drop_dims]
    elif valid_shape is not None:
        args.append(valid_shape)
    return call("tensor.slice", args, {"pad_value": pad_value}, span)


def transpose(tensor, axis1, axis2, span=None):
    """PyPTO's ``tensor.transpose(t, axis1, axis2)``: integer axes become INDEX constants, as
    the tile builder makes them, so the converted call compares equal to a hand-built one."""
    from tilesplit._core import ConstInt, DataType
    from ._build import call
    axes = [ConstInt(a, DataType.INDEX, None) if isinstance(a, int) else a for a in (axis1, axis2)]
    return call("tensor.transpose", [tensor, *axes], None, span)


def reinterpret_view(tensor, dtype, shape=None, span=None):
    """PyPTO's ``tensor.reinterpret_view(t, dtype, shape=None)`` (dtype positional)."""
    from ._build import call
    return call("tensor.reinterpret_view", [tensor] + ([shape] if shape is not None else []),
                {"dtype": dtype}, span)


def mrgsort(*srcs, block_len=None, span=None):
    """PyPTO's ``tensor.mrgsort``: with ``block_len`` TMRGSORT's single-list sort
    (``tensor.mrgsort_format1``), without it the merge of 2 to 4 lists (``tensor.mrgsort_format2``)."""
    from ._build import call
    if block_len is not None:
        return call("tensor.mrgsort_format1", list(srcs), {"block_len": block_len}, span)
    return call("tensor.mrgsort_format2", list(srcs), None, span)



def gather(input, dim=None, index=None, mask_pattern=None, span=None):  # noqa: A002
    """PyPTO's ``tensor.gather``: with ``mask_pattern`` the vector unit's mask-pattern gather
    (``tensor.gather_mask``), otherwise the gather along ``dim`` at ``index``."""
    from ._build import call
    if mask_pattern is not None:
        return call("tensor.gather_mask", [input], {"mask_pattern": mask_pattern}, span)
    return call("tensor.gather", [input, dim, index], None, span)


def scatter(input, dim=None, index=None, src=None, mask_pattern=None, dst=None, span=None):  # noqa: A002
    """PyPTO's ``tensor.scatter``: with ``mask_pattern`` the mask-pattern scatter into ``dst``'s
    shape (``tensor.scatter_mask``), otherwise the scatter along ``dim`` at ``index``."""
    from ._build import call
    if mask_pattern is not None:
        return call("tensor.scatter_mask", [input, dst], {"mask_pattern": mask_pattern}, span)
    return call("tensor.scatter", [input, dim, index, src], None, span)
