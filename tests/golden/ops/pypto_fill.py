# Products, padding fills, triangular masks, PyPTO's arange (tensor.ci), the tensor broadcast and
# the dump marker (reduction_ops.cpp, tensor_ops.cpp, fill_ops.cpp).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def tiles(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], i: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec]):
    tmp = pl.tile.create([64, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    rp = pl.tile.row_prod(a, tmp)
    cp = pl.tile.col_prod(i)
    ragged = pl.tile.set_validshape(a, 40, 100)
    f0 = pl.tile.fillpad(ragged, pad_value=pl.PadValue.min)
    f1 = pl.tile.fillpad(ragged)
    f2 = pl.tile.fillpad_expand(ragged, [64, 256], pad_value=pl.PadValue.max)
    t0 = pl.tile.tri([64, 64], dtype=pl.FP32)
    t1 = pl.tile.tri([64, 64], [32, 64], dtype=pl.INT32, diagonal=-1, upper=True)
    return (rp, cp, f0, f1, f2, t0, t1)


@pl.function(type=pl.FunctionType.Orchestration)
def tensors(a: pl.Tensor[[16, 32], pl.FP32], r: pl.Tensor[[1, 32], pl.FP32]):
    pl.dump_tag(a)
    rp = pl.row_prod(a)
    cp = pl.tensor.col_prod(a)
    f0 = pl.tensor.fillpad(a, pad_value=pl.PadValue.zero)
    ar = pl.tensor.ci(0, [1, 32], dtype=pl.INT32, descending=True)
    ec = pl.tensor.expand_clone(r, a)
    rn = pl.tensor.random(1, 2, 0, 0, 0, 0, [16, 32], dtype=pl.INT32)
    fe = pl.tensor.fillpad_expand(a, [32, 64], pad_value=pl.PadValue.min)
    return (rp, cp, f0, ar, ec, rn, fe)
