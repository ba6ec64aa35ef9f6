import pypto.language as pl

@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[32, 32], pl.FP32], n: pl.Scalar[pl.INT32],
         out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, dumps=[n]):
        out = pl.assemble(out, pl.mul(a, 2.0), [0, 0])
    return out
