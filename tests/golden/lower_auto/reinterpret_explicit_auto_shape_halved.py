import pypto.language as pl

# An explicit reinterpret_view shape equal to the auto-inferred one ([16, 16] FP32 -> [16, 32]
# INT16) is the same view: it halves with its per-lane source ([8, 32] per lane).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], data: pl.Tensor[[16, 16], pl.FP32],
      out_0: pl.Out[pl.Tensor[[16, 32], pl.INT16]]):
    seed = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    prev = pl.add(pl.load(data, [0, 0], [16, 16], target_memory=pl.Mem.Vec), seed)
    bits = pl.tile.reinterpret_view(prev, dtype=pl.INT16, shape=[16, 32])
    o = pl.store(bits, [0, 0], out_0)
    return o
