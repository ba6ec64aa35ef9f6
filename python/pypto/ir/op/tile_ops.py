"""pypto.ir.op.tile_ops: builders of ``tile.*`` calls (``import pypto.ir.op.tile_ops as T``).

Every builder returns an ``ir.Call`` made by the operator registry (``create_op_call``), so its
type is deduced there. ``span`` is optional everywhere (positional last, or by keyword); when it
is omitted the caller's file and line are used. Lists of ints become a ``MakeTuple`` of INDEX
constants. The builders written out below follow PyPTO's argument orders where they differ from
the registered signature; every other registered ``tile.NAME`` op is available as a generic
builder (positional arguments in the registered order, kwargs by name).
"""

from __future__ import annotations

from tilesplit._core import ConstFloat, ConstInt, DataType, Expr, MemorySpace
from ._build import call, generic, is_scalar, module_getattr, scalar_rhs_builder

__getattr__ = module_getattr("tile", __name__)


def get_subblock_idx(span=None):
    return call("tile.get_subblock_idx", [], None, span)


def load(tensor, offsets, shapes, valid_shape=None, target_memory=None, clamp=False,
         span=None):
    if target_memory is not None and target_memory not in (MemorySpace.Vec, MemorySpace.Mat):
        raise ValueError(f"tile.load: target_memory must be Vec or Mat, got {target_memory}")
    # Without target_memory the load carries no kwarg, as `pl.load(t, offs, shape)` parses: its
    # space is left to InferTileMemorySpace (docs/tensor-lowering.md).
    kwargs = {} if target_memory is None else {"target_memory": target_memory}
    if clamp:
        kwargs["clamp"] = True
    valid = shapes if valid_shape is None else valid_shape
    return call("tile.load", [tensor, offsets, shapes, valid], kwargs, span)


def store(tile, offsets, output_tensor, shapes=None, span=None, *, atomic=0):
    args = [tile, offsets, output_tensor] + ([shapes] if shapes is not None else [])
    return call("tile.store", args, {"atomic": atomic} if atomic else None, span)


def move(tile, target_memory, blayout=None, slayout=None, span=None):
    return call("tile.move", [tile],
                {"target_memory": target_memory, "blayout": blayout, "slayout": slayout}, span)


def add(lhs, rhs, span=None):
    """``tile.add``, or ``tile.adds`` when ``rhs`` is a scalar."""
    return call("tile.adds" if is_scalar(rhs) else "tile.add", [lhs, rhs], None, span)


def muls(lhs, scalar, span=None):
    return call("tile.muls", [lhs, scalar], None, span)


def matmul(lhs, rhs, span=None):
    return call("tile.matmul", [lhs, rhs], None, span)


def maximum(lhs, rhs, span=None):
    return call("tile.maximum", [lhs, rhs], None, span)


def transpose(tile, axis1, axis2, tmp=None, span=None):
    args = [tile, ConstInt(axis1, DataType.INDEX, None) if isinstance(axis1, int) else axis1,
            ConstInt(axis2, DataType.INDEX, None) if isinstance(axis2, int) else axis2]
    if tmp is not None:
        args.append(tmp)
    return call("tile.transpose", args, None, span)


def reinterpret_view(tile, dtype, shape=None, span=None):
    """PyPTO's ``tile.reinterpret_view(t, dtype, shape=None)`` (dtype positional)."""
    return call("tile.reinterpret_view", [tile] + ([shape] if shape is not None else []),
                {"dtype": dtype}, span)


def full(shape, dtype, value, span=None):
    if isinstance(value, Expr):
        constant = value
    elif dtype in (DataType.FP32, DataType.FP16, DataType.BF16) or isinstance(value, float):
        constant = ConstFloat(float(value), dtype, None)
    else:
        constant = ConstInt(int(value), dtype, None)
    return call("tile.full", [shape, constant], {"dtype": dtype}, span)


def create(shape, dtype, target_memory=MemorySpace.Vec, transpose=None, span=None, *,
           flat_layout=None):
    return call("tile.create", [shape], {"dtype": dtype, "target_memory": target_memory,
                                         "transpose": transpose, "flat_layout": flat_layout},
                span)


def slice(tile, shape, offset, valid_shape=None, drop_dims=None, pad_value=None, span=None):  # noqa: A001
    args = [tile, shape, offset]
    if drop_dims is not None:
        args += [valid_shape if valid_shape is not None else [], drop_dims]
    elif valid_shape is not None:
        args.append(valid_shape)
    return call("tile.slice", args, {"pad_value": pad_value}, span)


def extract(src, index_row, index_col, shape, *, target_memory, span=None):
    return call("tile.extract", [src, index_row, index_col, shape],
                {"target_memory": target_memory}, span)


def gather_row(dst, src, dst_offset, src_offset, shapes, transpose=False, span=None, *,
               valid_shape=None):
    args = [dst, src, dst_offset, src_offset, shapes]
    if valid_shape is not None:
        args.append(valid_shape)
    return call("tile.gather_row", args, {"transpose": bool(transpose)}, span)


def set_validshape(tile, valid_rows, valid_cols, span=None):
    return call("tile.set_validshape", [tile, valid_rows, valid_cols], None, span)


def col_max(tile, span=None):
    return call("tile.col_max", [tile], None, span)


def col_sum(tile, tmp_tile=None, span=None):
    return call("tile.col_sum", [tile] + ([tmp_tile] if tmp_tile is not None else []), None, span)


def aiv_shard(tile, *, split, lane_stride=None, span=None):
    return call("tile.aiv_shard", [tile], {"split": split, "lane_stride": lane_stride}, span)


def aic_gather(tile, *, split, span=None):
    return call("tile.aic_gather", [tile], {"split": split}, span)


def ci(start, shape, dtype=DataType.INT32, descending=False, span=None):
    return call("tile.ci", [start, shape], {"dtype": dtype, "descending": descending}, span)


def mrgsort(*srcs, block_len=None, exhausted=False, span=None):
    """PyPTO's ``tile.mrgsort``: with ``block_len`` TMRGSORT's single-list sort
    (``tile.mrgsort_format1``), without it the merge of 2 to 4 lists and the output buffer last
    (``tile.mrgsort_format2``)."""
    if block_len is not None:
        return call("tile.mrgsort_format1", list(srcs), {"block_len": block_len}, span)
    return call("tile.mrgsort_format2", list(srcs), {"exhausted": True} if exhausted else None,
                span)


def random(key0, key1, counter0, counter1, counter2, counter3, shape, valid_shape=None,
           dtype=DataType.UINT32, rounds=10, span=None):
    args = [key0, key1, counter0, counter1, counter2, counter3, shape]
    if valid_shape is not None:
        args.append(valid_shape)
    return call("tile.random", args, {"dtype": dtype, "rounds": rounds}, span)


sub = generic("tile.sub")
mul = generic("tile.mul")
exp = generic("tile.exp")
reshape = generic("tile.reshape")
recip = generic("tile.recip")


and_ = scalar_rhs_builder("tile", "and", "and_")
or_ = scalar_rhs_builder("tile", "or", "or_")
not_ = generic("tile.not")  # `not` is a Python keyword
shl = scalar_rhs_builder("tile", "shl")
shr = scalar_rhs_builder("tile", "shr")

fmod = scalar_rhs_builder("tile", "fmod")
