import pypto.language as pl

# Defect 03: x is held across a loop that makes one crossing per iteration, so the ring wrapped
# onto x's slot on the second iteration. Each lane now copies x into its own Vec tile and
# releases the slot at once.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def held(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
         out1: pl.Out[pl.Tensor[[32, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    for i in pl.range(2):
        y = pl.tile.move(b, target_memory=pl.Mem.Vec)
        z = pl.add(y, y)
        o = pl.store(z, [i * 16, 0], out1)
    return pl.store(x, [0, 0], out2)
