import pypto.language as pl


# `tilesplit explain --json` on values that flow through control flow: a pl.while_ carry of a
# halved tile, and an if that merges two full-width rows.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def merged(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[16, 1], pl.FP32],
           flag: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    for (k, acc) in pl.while_(init_values=(0, popped)):
        pl.cond(k < 3)
        nxt = pl.add(acc, popped)
        k_next, acc_out = pl.yield_(k + 1, nxt)
    col0 = pl.load(bias, [0, 0], [16, 1], target_memory=pl.Mem.Vec)
    if flag > 0:
        twice = pl.add(col0, col0)
        col = pl.yield_(twice)
    else:
        col = pl.yield_(col0)
    y = pl.add(acc_out, col)
    return pl.store(y, [0, 0], out_0)
