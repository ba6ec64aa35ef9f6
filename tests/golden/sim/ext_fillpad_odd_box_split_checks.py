import pypto.language as pl

# tile.fillpad under a row split of an odd box (3 rows: lane 1's box of 2 reaches past the
# reference's): the fill keeps each lane's valid region, so the per-lane type is the one its
# deducer gives and the lowered program reads back and lowers again unchanged (found by
# `tilesplit fuzz --count 3000 --seed 41`, case 1091, when fillpad widened the valid region).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(q1: pl.Tile[[3, 1], pl.FP32, pl.Mem.Acc], out10: pl.Out[pl.Tensor[[3, 1], pl.FP32]]):
    v0 = pl.tile.move(q1, target_memory=pl.Mem.Vec)
    e2 = pl.tile.fillpad(v0)
    e5 = pl.tile.prelu(e2, v0)
    o11 = pl.store(e5, [0, 0], out10)
    return o11
