import pypto.language as pl

# expand-mixed-kernel requires AivSplitLoweredValid: a region holding cube compute (check (a)) is
# refused before the expansion runs, even when lower-auto-vector-split was skipped.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(l: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left], r: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        c = pl.matmul(l, r)
    return pl.store(c, [0, 0], out_0)
