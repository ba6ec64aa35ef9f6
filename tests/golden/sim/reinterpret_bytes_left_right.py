import pypto.language as pl

# tile.reinterpret_view on bytes: a full-width INT8 source is viewed whole as FP32 and each lane
# slices its half (the FP32 patterns of random bytes are tiny, hence the scaling); the per-lane
# sum is viewed back as INT32 bit patterns.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def r(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], raw: pl.Tile[[16, 512], pl.INT8, pl.Mem.Vec],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[16, 128], pl.INT32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    f = pl.tile.reinterpret_view(raw, dtype=pl.FP32)
    g = pl.tile.muls(f, 1e30)
    s = pl.add(g, popped)
    bits = pl.tile.reinterpret_view(s, dtype=pl.INT32)
    o0 = pl.store(s, [0, 0], out_0)
    return pl.store(bits, [0, 0], out_1)
