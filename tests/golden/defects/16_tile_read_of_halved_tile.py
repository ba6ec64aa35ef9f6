import pypto.language as pl

# s = x[0, 0] read from a halved tile, then broadcast into every element. Without the split
# extensions (lower_auto/whole_source_read_up_down splits it), rejected: the element
# lives in lane 0's band only, so lane 1 would read its own row 8.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rd(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.read(x, [0, 0])
    y = pl.tile.adds(x, s)
    return pl.store(y, [0, 0], out)
