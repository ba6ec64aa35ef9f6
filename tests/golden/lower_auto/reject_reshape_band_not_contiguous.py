import pypto.language as pl

# LEFT_RIGHT [16, 16] -> [256, 1]: a lane's columns are 16 separate runs of the flat tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def rs(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[256, 1], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.reshape(x, [256, 1])
    return pl.store(r, [0, 0], out)
