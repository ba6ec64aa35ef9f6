import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[8, 16], pl.FP32], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
    t: pl.Tile[[8, 16], pl.FP32] = pl.tile.load(x, [0, 0], [8, 16], [8, 16])
    return pl.tile.store(pl.tile.muls(t, 0.125), [0, 0], out)
