import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64], pl.FP32], c: pl.Scalar[pl.BOOL], d: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
    acc: pl.Tensor[[64], pl.FP32] = x
    if c:
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.tensor.add(x, x)
        acc_1: pl.Tensor[[64], pl.FP32] = pl.tensor.mul(acc, x)
        acc_2, y_2 = pl.yield_(acc_1, y)
    else:
        y_1: pl.Tensor[[64], pl.FP32] = pl.tensor.mul(x, x)
        acc_2, y_2 = pl.yield_(acc, y_1)
    if d:
        z: pl.Tensor[[64], pl.FP32] = pl.tensor.exp(y_2)
        z_4: pl.Tensor[[64], pl.FP32] = pl.yield_(z)
    else:
        if c:
            z_1: pl.Tensor[[64], pl.FP32] = pl.tensor.neg(y_2)
            z_3: pl.Tensor[[64], pl.FP32] = pl.yield_(z_1)
        else:
            z_2: pl.Tensor[[64], pl.FP32] = y_2
            z_3: pl.Tensor[[64], pl.FP32] = pl.yield_(z_2)
        z_4: pl.Tensor[[64], pl.FP32] = pl.yield_(z_3)
    return pl.tensor.add(pl.tensor.add(z_4, acc_2), y_2)
