import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
    y: pl.Tensor[[64], pl.FP32] = pl.tensor.add(x, x)
    z: pl.Tensor[[64], pl.FP32] = pl.tensor.mul(x, x)
    return y, z
