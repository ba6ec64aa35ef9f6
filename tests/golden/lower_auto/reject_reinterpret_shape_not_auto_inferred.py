import pypto.language as pl

# An explicit reinterpret_view shape that redistributes the bytes across axes ([16, 16] FP32 ->
# [8, 64] INT16, not the auto-inferred [16, 32]) has no per-lane form under a split: rejected.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], data: pl.Tensor[[16, 16], pl.FP32],
      out_0: pl.Out[pl.Tensor[[8, 64], pl.INT16]]):
    seed = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    prev = pl.add(pl.load(data, [0, 0], [16, 16], target_memory=pl.Mem.Vec), seed)
    bits = pl.tile.reinterpret_view(prev, dtype=pl.INT16, shape=[8, 64])
    o = pl.store(bits, [0, 0], out_0)
    return o
