import pypto.language as pl

# Defect 03b: x is held while a loop pops 6 more transfers; with slot_num=4 the ring wrapped
# onto x's slot. x is now copied and released at once, and the author's slot_num=4 is kept.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "slot_num": 4})
def unused(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    for i in pl.range(6):
        y = pl.tile.move(q, target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out)
