# TMRGSORT as PyPTO spells it (sort_ops.cpp): pl.tile.mrgsort / pl.tensor.mrgsort / pl.mrgsort
# with block_len= are the single-list sort (mrgsort_format1), without it the merge of 2 to 4
# lists (mrgsort_format2); PyPTO's arange (pl.arange, pl.tile.arange: ci) and the scalar
# pl.tile.max / pl.tile.min.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def tiles(s: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec], t: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec],
          n: pl.Scalar[pl.INDEX]):
    one = pl.tile.mrgsort(s, block_len=64)
    two = pl.mrgsort(s, block_len=64)
    tmp = pl.tile.create([1, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m2 = pl.tile.mrgsort(one, two, tmp)
    m3 = pl.mrgsort(one, two, t, pl.tile.create([1, 768], dtype=pl.FP32, target_memory=pl.Mem.Vec))
    i0 = pl.arange(0, [1, 64], dtype=pl.UINT32)
    i1 = pl.tile.arange(8, [1, 64], dtype=pl.INT32, descending=True)
    hi = pl.tile.max(n, 4)
    lo = pl.tile.min(hi, 60)
    return one, two, m2, m3, i0, i1, lo


@pl.function(type=pl.FunctionType.Orchestration)
def tensors(a: pl.Tensor[[1, 256], pl.FP32], b: pl.Tensor[[1, 128], pl.FP32]):
    one = pl.tensor.mrgsort(a, block_len=64)
    two = pl.mrgsort(a, block_len=64)
    m2 = pl.tensor.mrgsort(one, two)
    m4 = pl.mrgsort(a, b, b, one)
    i0 = pl.arange(0, [1, 32], dtype=pl.INT32)
    i1 = pl.tensor.arange(3, [1, 32], dtype=pl.UINT32, descending=True)
    return one, two, m2, m4, i0, i1
