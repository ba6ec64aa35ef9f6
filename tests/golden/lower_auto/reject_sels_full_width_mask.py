import pypto.language as pl

# tile.sels checks only that its mask covers src, which an oversized (full-width) mask does: the
# mask is a blind operand and a full-width one is rejected (condition 2).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pick(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], mask: pl.Tile[[256, 128], pl.INT8, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    src = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.sels(mask, src, tmp, 0.0)
    return pl.store(picked, [0, 0], out_0)
