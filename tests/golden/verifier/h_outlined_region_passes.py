import pypto.language as pl

# (h) the same kernel in an Opaque function: the outliner produces the InCore function.
@pl.function
def f(a: pl.Tensor[[128, 128], pl.FP32],
      c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="f_incore_0"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base = aiv_id * 64
            c = pl.store(pl.exp(pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec)), [base, 0], c)
    return c
