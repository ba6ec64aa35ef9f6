import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
    t: pl.Tile[[32, 64], pl.FP32] = pl.tile.load(x, [0, 0], [32, 64], [32, 64])
    return pl.tile.store(pl.tile.muls(t, 0.125), [0, 0], out)
