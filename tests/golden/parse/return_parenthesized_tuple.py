# `return (y, z)` is Python's `return y, z`: a function declaring two results returns a tuple
# literal's elements one by one.
import pypto.language as pl


@pl.function
def main(x: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
    y = pl.add(x, x)
    z = pl.mul(x, x)
    return (y, z)
