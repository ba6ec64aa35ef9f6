import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 64], pl.FP32]:
    valid_len: pl.Scalar[pl.INDEX] = pl.min(n, 64)
    chunk: pl.Tensor[[8, 64], pl.FP32, pl.TensorView(valid_shape=[8, valid_len])] = pl.tensor.slice(x, [8, 64], [0, 0], [8, valid_len])
    return chunk
