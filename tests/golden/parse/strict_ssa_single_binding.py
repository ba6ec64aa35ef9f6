# strict_ssa=True accepts a function that binds every name once.
import pypto.language as pl


@pl.function(strict_ssa=True)
def main(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    y = pl.add(x, 1.0)
    z = pl.add(y, 2.0)
    return z
