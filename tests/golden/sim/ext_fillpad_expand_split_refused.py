import pypto.language as pl

# tile.fillpad_expand moves a tile's elements into a larger box: a lane's half of the source
# would land at the start of the lane's half of the box, not where the reference puts it, so the
# split refuses to halve it, located at the fill.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    f = pl.tile.fillpad_expand(v, [128, 128], pad_value=pl.PadValue.zero)
    o = pl.store(f, [0, 0], out_0)
    return o
