import pypto.language as pl

# A region hidden behind a pl.at scope is not reached by region lowering: rejected at the
# pl.split_aiv line.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base = aiv_id * 64
            c = pl.store(pl.exp(pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec)), [base, 0], c)
    return c
