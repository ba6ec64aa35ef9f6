import pypto.language as pl

# A split extension: the transpose of a [16, 15] tile has 15 rows, an odd extent on the split
# axis of UP_DOWN (the whole-operand result would be refused without the pad). Both lanes
# transpose the whole tile, pad it to 16 rows (tile.fillpad_expand) and take their band of 8;
# lane 1's band states 7 valid rows, so the pad row is never stored.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def t(qk: pl.Tile[[16, 15], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[15, 16], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tt = pl.tile.transpose_view(v)
    e = pl.tile.exp(tt)
    return pl.store(e, [0, 0], out_0)
