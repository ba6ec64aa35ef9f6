import pypto.language as pl

# Not a split extension (the spec's own full-box rule): 100 valid columns of 128 under LEFT_RIGHT
# beside a full-box load keep the box partition, lanes of 64 and 36 that no split code places, so
# the full box crosses (widened on the cube side) and each lane narrows its pop right after it;
# --split-extensions=off gives the same. The extension is full_box_cols_left_right.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 100])],
       b: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    x = pl.load(b, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    z = pl.add(y, x)
    o = pl.store(z, [0, 0], out_0)
    return o
