import pypto.language as pl

@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    counts = pl.array.create(4, pl.INT32)
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.mul(a, 2.0), [0, 0])
    return out
