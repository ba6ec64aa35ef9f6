import pypto.language as pl

# `x[r]` drops the indexed axis: a [16, 32] window of the [4, 16, 32] tensor, for every r.

@pl.function
def main(x: pl.Tensor[[4, 16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], r: pl.Scalar[pl.INDEX]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.exp(x[r]), [0, 0])
    return out
