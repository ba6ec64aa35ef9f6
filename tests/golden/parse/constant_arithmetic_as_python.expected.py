import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(x, [0, 0], [16, 128], [16, 128])
    a: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 0.0078125)
    b: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a, 64.0)
    c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(b, 1.5)
    d: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.adds(c, 3.25)
    return pl.tile.store(d, [0, 0], out)
