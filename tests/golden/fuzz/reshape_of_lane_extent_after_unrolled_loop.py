import pypto.language as pl

# Found by `tilesplit fuzz --count 1500 --seed 43` (case 25): the split pass alone kept this
# kernel flat (its body has a loop) and check proved it, but the default pipeline's simplify
# unrolls the one-trip loop, and the AUTO path then refused the straight-line body at the reshape
# of r19, whose valid rows are the lane's own (9 of 17 on lane 0, 8 on lane 1): the region it
# would have synthesized cannot carry that extent through the new shape. It keeps the flat form
# instead, whose reshape carries the lane's extent in its own type, and check proves it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(q9: pl.Tile[[17, 1], pl.FP32, pl.Mem.Acc], q16: pl.Tile[[17, 1], pl.FP32, pl.Mem.Mat], out30: pl.Out[pl.Tensor[[17, 1], pl.FP32]]):
    v8 = pl.tile.move(q9, target_memory=pl.Mem.Vec)
    e10 = pl.tile.relu(v8)
    for i12, (acc13, acc14) in pl.range(1, init_values=(e10, v8)):
        v15 = pl.tile.move(q16, target_memory=pl.Mem.Vec)
        nx17 = pl.tile.fmod(acc13, v15)
        nx18 = pl.tile.div(acc14, v15)
        r19, r20 = pl.yield_(nx17, nx18)
    rs21 = pl.tile.reshape(r19, [1, 17])
    o31 = pl.store(v8, [0, 0], out30)
    return o31
