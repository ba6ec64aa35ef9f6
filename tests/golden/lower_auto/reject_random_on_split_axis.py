import pypto.language as pl

# tile.random, like tile.ci, generates position-dependent values: halving only its result type
# would give both lanes the first half's values.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rnd(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.INT32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.random(1, 2, 3, 4, 5, 6, [128, 128], dtype=pl.INT32)
    return pl.store(r, [0, 0], out_0)
