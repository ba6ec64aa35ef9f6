import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def tv(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], data: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec],
       out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    viewed = pl.tile.transpose_view(data)
    return pl.store(v, [0, 0], out_0)
