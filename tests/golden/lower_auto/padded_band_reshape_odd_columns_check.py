import pypto.language as pl

# A split extension: a reshape of a full-width tile to 17 columns gives LEFT_RIGHT's split axis
# an odd extent (the spec's refusal: reject_reshape_full_width_odd_extent in --split-extensions=off
# form). Both lanes reshape whole, pad to 18 columns and keep their band of 9; lane 1 holds 8.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def r(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Tensor[[2, 136], pl.FP32],
      out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out_1: pl.Out[pl.Tensor[[16, 17], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    x = pl.load(t, [0, 0], [2, 136], target_memory=pl.Mem.Vec)
    rs = pl.tile.reshape(x, [16, 17])
    s = pl.tile.muls(rs, 2.0)
    o0 = pl.store(v, [0, 0], out_0)
    o1 = pl.store(s, [0, 0], out_1)
    return o1
