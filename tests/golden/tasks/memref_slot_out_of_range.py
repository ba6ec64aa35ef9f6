import pypto.language as pl

@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        tile: pl.Tile[[16, 32], pl.FP32, pl.MemRef("ub", slots=2)[2], pl.Mem.Vec] = pl.load(
            a, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
        pl.store(pl.exp(tile), [0, 0], out)
    return out
