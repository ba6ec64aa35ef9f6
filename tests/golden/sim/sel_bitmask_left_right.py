import pypto.language as pl

# tile.sel reads the same bit mask as tile.sels (set: lhs, clear: rhs); under a column split each
# lane gets the 8 mask bytes of its 64 columns. lhs FP32 and rhs FP16 promote to FP32.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def s(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[16, 128], pl.FP16],
      m: pl.Tensor[[16, 16], pl.UINT8], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    other = pl.tile.load(b, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    raw = pl.tile.load(m, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    mask = pl.tile.muls(raw, 17)
    tmp = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.tile.sel(mask, v, other, tmp)
    return pl.store(y, [0, 0], out_0)
