import pypto.language as pl

# Three C2V transfers are held at once (x and y until s, z until t) but the author asked for
# slot_num=2: rejected at the crossing that would wait on a held slot, naming slot_num=3.
@pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 2, "split": pl.SplitMode.UP_DOWN})
def three(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
          c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    y = pl.tile.move(b, target_memory=pl.Mem.Vec)
    z = pl.tile.move(c, target_memory=pl.Mem.Vec)
    s = pl.add(x, y)
    t = pl.add(s, z)
    return pl.store(t, [0, 0], out)
