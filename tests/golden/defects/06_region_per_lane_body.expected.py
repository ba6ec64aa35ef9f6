import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def per_lane(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [aiv * 8, 0], [8, 16], [8, 16], target_memory=pl.Mem.Vec)
        y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
        pl.tile.store(y, [aiv * 8, 0], out_0)
    return out_0
