import pypto.language as pl

# Reproducer 20: an accumulator rebound inside pl.unroll becomes a loop carry, printed as
# `pl.unroll(2, init_values=(...))`; the parser reads that form back like pl.range's.
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    acc = x
    for i in pl.unroll(2):
        acc = pl.add(acc, x)
    return pl.store(acc, [0, 0], out)
