import pypto.language as pl

# A user's lane query nested in a load offset of an AUTO kernel.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ln(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    b = pl.load(a, [pl.tile.get_subblock_idx() * 16, 0], [16, 16], target_memory=pl.Mem.Vec)
    z = pl.add(x, b)
    return pl.store(z, [0, 0], out)
