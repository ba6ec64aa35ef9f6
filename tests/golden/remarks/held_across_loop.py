import pypto.language as pl

# x crosses to the lanes and is held across a loop with a run-time trip count that makes one
# C2V crossing per iteration: no ring is deep enough, so each lane copies x into its own Vec
# tile and releases the slot at once.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def c2v_runtime_loop(n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
                     b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
                     out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
                     out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    for i in pl.range(n):
        y = pl.tile.move(b, target_memory=pl.Mem.Vec)
        z = pl.add(y, x)
        o = pl.store(z, [0, 0], out1)
    return pl.store(x, [0, 0], out2)
