import pypto.language as pl


# Loop-carried values and if results for `tilesplit explain`: the carry 'acc' and the loop's
# result 'acc_out' inherit the popped tile's halving (with a runtime valid extent 'n'), and the
# if merges two per-lane values into 'r'.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def carried(n: pl.Scalar[pl.INDEX], flag: pl.Scalar[pl.INDEX],
            qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])],
            out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    for i, (acc,) in pl.range(4, init_values=(popped,)):
        nxt = pl.add(acc, popped)
        acc_out = pl.yield_(nxt)
    if flag > 0:
        e = pl.exp(acc_out)
        r = pl.yield_(e)
    else:
        m = pl.neg(acc_out)
        r = pl.yield_(m)
    return pl.store(r, [0, 0], out_0)


# A carry that stays full width: a [1, 64] row (a broadcast along the split) carried through the
# loop, then added to every row of the halved tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def shared_carry(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[1, 64], pl.FP32],
                 out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    row0 = pl.load(bias, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
    for i, (row,) in pl.unroll(2, init_values=(row0,)):
        twice = pl.add(row, row)
        row_out = pl.yield_(twice)
    y = pl.add(popped, row_out)
    return pl.store(y, [0, 0], out_0)
