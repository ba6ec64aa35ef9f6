import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64, 128], pl.FP32], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.FP32]:
    flag: pl.Scalar[pl.BOOL] = k > 3
    t: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(x, [16, 128], [k, 0])
    u: pl.Tensor[[16, 128], pl.FP32] = t
    if flag:
        u_1: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.muls(t, 2.0)
        u_2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(u_1)
    else:
        u_2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(u)
    return u_2
