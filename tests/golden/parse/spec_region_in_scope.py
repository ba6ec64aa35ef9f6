# The spec's "regions must be scope-free" example: an authored scope holding a task-parallel
# region. `c` is rebound in the region, which belongs to the enclosing scope, so the rebinding is
# visible to `return c`.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)   # pass 8 skips this function
def f(self, a: pl.Tensor[[128, 128], pl.FP32],
      c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):                   # not outlined
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base = aiv_id * 64
            c = pl.store(pl.exp(pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec)),
                         [base, 0], c)
    return c
