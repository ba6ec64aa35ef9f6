import pypto.language as pl

# With --split-extensions=off, refused at the first of them (split_extensions_combined). Two split
# extensions together, in a rebalanced body (lane_stride=25 of 50 valid columns): the
# narrowed columns cross as the full box, and row maxima on the split axis, one of them inside a
# loop carrying a lane-local value, are combined from the lanes' partials through the cube.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 50])], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(x, tmp)
    y = pl.tile.row_expand_sub(x, m)
    for i, (acc,) in pl.range(2, init_values=(y,)):
        t2 = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        mm = pl.tile.row_max(acc, t2)
        nx = pl.tile.row_expand_sub(acc, mm)
        r = pl.yield_(nx)
    o = pl.store(r, [0, 0], out)
    return o
