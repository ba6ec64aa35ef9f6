import pypto.language as pl

# 'subblock_idx' is a parameter already: the injected lane index takes a fresh name.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
def taken(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], subblock_idx: pl.Scalar[pl.INDEX],
          out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.adds(popped, pl.cast(subblock_idx, pl.FP32))
    return pl.store(y, [0, 0], out_0)
