import pypto.language as pl

# Reproducer 10: a negative static dimension in a Tensor annotation is a located error (it used
# to be accepted, and the simulator then died with an unlocated internal error).
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[-1, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    return out
