import pypto.language as pl

# Found by `tilesplit fuzz --seed 101` (case 510), once misaligned windows were taken from the
# whole source: the 13-row window at row 3 halves into two 7-row bands, and lane 1's band
# [10, 17) would leave the 16-row source (check: FAULT). It was refused until whole-operand
# results of an odd extent were padded: now the window is taken whole (13 rows), padded to 14
# (tile.fillpad_expand) and each lane keeps its band of 7 rows, lane 1's ending at the pad.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(q12: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out31: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v11 = pl.tile.move(q12, target_memory=pl.Mem.Vec)
    rs14 = pl.tile.reshape(v11, [16, 16])
    rd15 = pl.read(v11, [1, 1])
    s16 = pl.add(rs14, rd15)
    sl22 = pl.tile.slice(s16, [13, 16], [3, 0])
    e24 = pl.tile.maximums(sl22, 2.0)
    o32 = pl.store(e24, [3, 0], out31)
    return o32
