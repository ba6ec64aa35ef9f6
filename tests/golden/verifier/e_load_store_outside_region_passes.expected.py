import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    x: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
    for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        z: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.neg(x)
    return pl.tile.store(z, [0, 0], out_0)
