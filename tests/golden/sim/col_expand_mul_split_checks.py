import pypto.language as pl

# tile.col_expand_mul under a row split: the target halves on its rows, the [1, N] row it
# repeats is a broadcast read both lanes take whole; the split checks equal.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], scale: pl.Tensor[[1, 128], pl.FP32],
      out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.load(scale, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
    y = pl.col_expand_mul(v, s)
    o = pl.store(y, [0, 0], out_0)
    return o
