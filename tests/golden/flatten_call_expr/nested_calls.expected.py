import pypto.language as pl

@pl.function(type=pl.FunctionType.Orchestration)
def main(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[4, 8], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[4, 1], pl.FP32]:
    t__tmp_v0: pl.Tensor[[4, 8], pl.FP32] = pl.tensor.adds(a, 1.0)
    t__tmp_v1: pl.Tensor[[4, 8], pl.FP32] = pl.tensor.exp(b)
    y: pl.Tensor[[4, 8], pl.FP32] = pl.tensor.mul(t__tmp_v0, t__tmp_v1)
    t__tmp_v2: pl.Scalar[pl.INDEX] = pl.tensor.dim(a, 0)
    for i, (y_1,) in pl.range(t__tmp_v2, init_values=(y,)):
        t__tmp_v3: pl.Tensor[[4, 8], pl.FP32] = pl.tensor.muls(b, 0.5)
        y_2: pl.Tensor[[4, 8], pl.FP32] = pl.tensor.add(y_1, t__tmp_v3)
        y_3: pl.Tensor[[4, 8], pl.FP32] = pl.yield_(y_2)
    t__tmp_v4: pl.Scalar[pl.INDEX] = pl.tensor.dim(a, 1)
    if t__tmp_v4 > n:
        y_4: pl.Tensor[[4, 8], pl.FP32] = pl.tensor.sub(y_3, a)
        y_5: pl.Tensor[[4, 8], pl.FP32] = pl.yield_(y_4)
    else:
        y_5: pl.Tensor[[4, 8], pl.FP32] = pl.yield_(y_3)
    t__tmp_v5: pl.Tensor[[4, 1], pl.FP32] = pl.tensor.row_sum(y_5)
    return t__tmp_v5
