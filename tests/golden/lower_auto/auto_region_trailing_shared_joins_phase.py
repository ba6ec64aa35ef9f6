import pypto.language as pl

# AUTO region synthesis: a trailing SHARED call after the vector work and before the return (a
# notify) belongs to the vector phase and is wrapped with it; the lane binding moves in.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], sig: pl.Tensor[[8], pl.INT32],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    o = pl.store(y, [0, 0], out_0)
    pld.system.notify(sig, 1, [0], 1, op=0)
    return o
