import pypto.language as pl

# tile.cmp packs eight columns into each mask byte, so a lane holding half the columns would not
# own whole bytes of the reference's mask: the split refuses to halve the columns, located at the
# comparison.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[64, 128], pl.FP32],
      out_0: pl.Out[pl.Tensor[[64, 16], pl.UINT8]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
    m = pl.tile.cmp(v, y, cmp_type=2)
    o = pl.store(m, [0, 0], out_0)
    return o
