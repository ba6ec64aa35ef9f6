# Every call nested in another expression, a loop bound, an if condition or a return is computed
# first into a temporary placed just before its statement (inside the loop body for the body's
# own calls).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[4, 8], pl.FP32], n: pl.Scalar[pl.INDEX]):
    y = pl.mul(pl.add(a, 1.0), pl.exp(b))
    for i in pl.range(pl.tensor.dim(a, 0)):
        y = pl.add(y, pl.muls(b, 0.5))
    if pl.tensor.dim(a, 1) > n:
        y = pl.sub(y, a)
    return pl.row_sum(y)
