import pypto.language as pl

# (h) a region in an InCore function the outliner did not produce (the spec's example).
@pl.function(type=pl.FunctionType.InCore)
def f(self, a: pl.Tensor[[128, 128], pl.FP32],
      c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base = aiv_id * 64
            c = pl.store(pl.exp(pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec)), [base, 0], c)
    return c
