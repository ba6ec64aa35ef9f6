import pypto.language as pl

# A split extension: 60 valid columns of 128 under LEFT_RIGHT (lanes of 60 and 0 columns in the
# box partition): the full box crosses, each lane narrows its pop, and lane 1 holds no column:
# its store writes none. The full-box load keeps the box partition.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 60])],
       b: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    x = pl.load(b, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    z = pl.add(y, x)
    o = pl.store(z, [0, 0], out_0)
    return o
