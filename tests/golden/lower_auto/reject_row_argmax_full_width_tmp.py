import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def am(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[256, 1], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    idx = pl.tile.row_argmax(v, tmp)
    return pl.store(idx, [0, 0], out_0)
