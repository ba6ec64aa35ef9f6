import pypto.language as pl

# A nested load spans the whole box, which a partition balanced on 13 valid rows would not
# cover: no rebalance, as for the named form (the lanes take 8 and 5 rows, which no code places,
# so the crossing transports the full box and narrows each lane after the pop).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def nested(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], a: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(x, pl.load(a, [0, 0], [16, 128], target_memory=pl.Mem.Vec))
    return pl.store(y, [0, 0], out_0)
