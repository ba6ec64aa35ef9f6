import pypto.language as pl

# tile.sels with a bit mask (bit j of a mask row selects column j): the mask is lane data, and
# each lane takes its 8 rows of the mask with its 8 rows of data.
# The inputs are integers 0..15, so the mask is multiplied by 17 to set bits in both nibbles.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def s(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], m: pl.Tensor[[16, 16], pl.UINT8],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    raw = pl.tile.load(m, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    mask = pl.tile.muls(raw, 17)
    tmp = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.tile.sels(mask, v, tmp, -1.0)
    return pl.store(y, [0, 0], out_0)
