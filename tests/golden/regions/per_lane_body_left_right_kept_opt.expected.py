import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def per_lane(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        x: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, aiv * 8], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        y: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, aiv * 8], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        z: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.add(pl.tile.exp(x), y)
        pl.tile.store(z, [0, aiv * 8], out_0)
    return out_0
