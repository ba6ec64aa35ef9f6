# Found by tilesplit fuzz --mutate tests/golden (seed 5, case 1242), a mutant of
# lower_auto/gather_of_localized_shard_typed_exactly with no valid row: both lanes hold 0 rows of
# their 1-row half box at the gather. The AUTO path gathered them as they were, while the region
# repair, reading the printed region back, widened them to the half box first: the round trip
# changed the program (exit 3). Both now widen a lane extent short of the half box.
import pypto.language as pl

# A gather fed by a localized shard (1 of 2 rows: lanes of 2 and 1, whose bands abut) is typed
# with the pre-shard valid extent [1, 1]. With the gather there is no rebalancing.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(qk: pl.Tile[[2, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[0, 1])],
       b: pl.Tile[[1, 1], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[2, 1], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    return pl.store(c, [0, 0], out_0)
