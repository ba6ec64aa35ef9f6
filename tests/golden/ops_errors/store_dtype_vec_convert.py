# Only the cube's store from Acc converts FP32 to BF16: a Vec tile must be cast first.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(v: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec], out: pl.Out[pl.Tensor[[16, 64], pl.BF16]]):
    o = pl.tile.store(v, [0, 0], out)
    return o
