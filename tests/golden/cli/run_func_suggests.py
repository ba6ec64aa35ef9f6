import pypto.language as pl


# An unknown --func name gets the nearest function of the file as a suggestion.
@pl.function(type=pl.FunctionType.InCore)
def add2(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[4, 8], pl.FP32],
         out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]):
    x = pl.load(a, [0, 0], [4, 8], target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [4, 8], target_memory=pl.Mem.Vec)
    z = pl.add(x, y)
    return pl.store(z, [0, 0], out)
