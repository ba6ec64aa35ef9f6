import pypto.language as pl

# tile.tri generates values from each position (a causal mask): a lane halving its result type
# would generate the first half's values, so the split refuses it, located at the generator.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    m = pl.tile.tri([64, 64], dtype=pl.FP32)
    y = pl.tile.mul(v, m)
    o = pl.store(y, [0, 0], out_0)
    return o
