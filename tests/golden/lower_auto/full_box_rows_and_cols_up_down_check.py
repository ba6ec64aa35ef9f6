import pypto.language as pl

# A split extension (reject_partial_rows_and_cols_up_down is the spec's refusal): 13 valid rows
# and 100 valid columns of [16, 128] under UP_DOWN cross as the full box on the split axis (rows
# widened to 16 on the cube side; the columns stay 100, which the shard carries), and each lane
# narrows its pop to its own rows (8 and 5) right after it. The full-box load keeps the box
# partition.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 100])],
       b: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    x = pl.load(b, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    z = pl.add(y, x)
    o = pl.store(z, [0, 0], out_0)
    return o
