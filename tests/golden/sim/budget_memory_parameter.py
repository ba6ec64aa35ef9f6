import pypto.language as pl

# A parameter larger than the memory budget given on the command line: reported at the parameter
# before anything is allocated (exit 1).
@pl.function(type=pl.FunctionType.InCore)
def big(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out_0)
