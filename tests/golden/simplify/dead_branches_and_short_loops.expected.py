import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[16, 128], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.FP32]:
    y: pl.Tensor[[16, 128], pl.FP32] = x
    y_1: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.exp(x)
    y_2: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.muls(y_1, 2.0)
    for i, (y_3,) in pl.range(n, init_values=(y_2,)):
        if i < 0:
            y_4: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.neg(y_3)
            y_5: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(y_4)
        else:
            y_5: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(y_3)
        y_6: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.adds(y_5, 1.0)
        y_7: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(y_6)
    for p, (y_8,) in pl.parallel(1, init_values=(y_7,)):
        y_9: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.adds(y_8, 3.0)
        y_10: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(y_9)
    return y_10
