import pypto.language as pl

# tile.sel never reads its mask's extent: a full-width mask is lane data (condition 2).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pick(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], mask: pl.Tile[[256, 128], pl.INT8, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    lhs = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    rhs = pl.exp(lhs)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.sel(mask, lhs, rhs, tmp)
    return pl.store(picked, [0, 0], out_0)
