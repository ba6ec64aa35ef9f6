import pypto.language as pl

# An oversized mask, one byte per column where 16 bytes per row suffice, passes sels's coverage
# check, but halving its columns would hand lane 1 mask bytes 64..71 of each row (the bits of
# columns 512..575) instead of bytes 8..15: the split is rejected, naming the mask size that works.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def s(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], m: pl.Tensor[[16, 128], pl.UINT8],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    raw = pl.tile.load(m, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    mask = pl.tile.muls(raw, 17)
    tmp = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.tile.sels(mask, v, tmp, -1.0)
    return pl.store(y, [0, 0], out_0)
