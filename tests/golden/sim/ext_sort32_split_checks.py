import pypto.language as pl

# tile.sort32 under a row split: each lane sorts the 32-column blocks of its own rows, the
# index row [1, 64] is a broadcast read both lanes take whole; the split checks equal.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    c = pl.tile.ci(0, [1, 64], dtype=pl.UINT32)
    p = pl.tile.sort32(v, c)
    o = pl.store(p, [0, 0], out_0)
    return o
