import pypto.language as pl

# Rows 2..5 of a 16-row cube result: a window that lies entirely in lane 0's half. Without the
# split extensions (lower_auto/whole_source_slice_up_down splits it), rejected:
# lane 1 holds none of those rows (the spec's "keep the offset" would read its rows 10..13).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def win(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.slice(x, [4, 16], [2, 0])
    return pl.store(s, [0, 0], out)
