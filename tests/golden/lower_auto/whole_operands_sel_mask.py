import pypto.language as pl

# A split extension (reject_sel_full_width_mask is the spec's refusal): the mask is a full-width
# parameter while the data is halved. The data comes back whole, both lanes select over the whole
# tile and keep their band.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pick(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], mask: pl.Tile[[256, 128], pl.INT8, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    lhs = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    rhs = pl.exp(lhs)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.sel(mask, lhs, rhs, tmp)
    return pl.store(picked, [0, 0], out_0)
