import pypto.language as pl

# x and y are held across a branch that makes one more C2V crossing: three transfers are held
# at once on that path, so the ring grows to 3 slots.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def held_across_if(n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
                   b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
                   c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
                   out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
                   out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    y = pl.tile.move(b, target_memory=pl.Mem.Vec)
    if n > 0:
        z = pl.tile.move(c, target_memory=pl.Mem.Vec)
        w = pl.add(z, z)
        o = pl.store(w, [0, 0], out1)
    s = pl.add(x, y)
    return pl.store(s, [0, 0], out2)
