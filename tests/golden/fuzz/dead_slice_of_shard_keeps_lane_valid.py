# Found by tilesplit fuzz (seed 205, case 587): a dead tile.slice of a shard at a lane-dependent
# offset. The pass typed it with the exact per-lane valid extent; run again on its printed output, the
# explicit-region path re-deduced it fully valid (a window the deducer cannot bound, ops.md 0 [D]),
# so the pass was not idempotent. The valid extent the program states for such a window now stands.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(q12: pl.Tile[[16, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[2, 1])], q24: pl.Tile[[16, 1], pl.FP32, pl.Mem.Acc], out27: pl.Out[pl.Tensor[[16, 1], pl.FP32]]):
    v11 = pl.tile.move(q12, target_memory=pl.Mem.Vec)
    sl17 = pl.tile.slice(v11, [14, 1], [1, 0])
    v23 = pl.tile.move(q24, target_memory=pl.Mem.Vec)
    o28 = pl.store(v23, [0, 0], out27)
    return o28
