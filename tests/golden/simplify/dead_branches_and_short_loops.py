# An if whose condition is known keeps only the branch that runs (its yielded values replace the
# if's results); a pl.range loop with constant bounds that runs once becomes its body (loop var at
# start, iter args at their initial values), one that never runs becomes its initial values.
# Loops of two or more trips and parallel loops stay, and so does `i < 0`: the pass folds known
# operands, it does not reason about the ranges of loop variables.
import pypto.language as pl


@pl.function
def main(x: pl.Tensor[[16, 128], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.FP32]:
    mode: pl.Scalar[pl.INDEX] = 2
    y = x
    if mode == 2:
        y = pl.exp(x)
    else:
        y = pl.neg(x)
    for ko in pl.range(0, 128, 128):
        if ko == 0:
            y = pl.muls(y, 2.0)
        else:
            y = pl.adds(y, 1.0)
    for j in pl.range(4, 4):
        y = pl.neg(y)
    for i in pl.range(0, n):
        if i < 0:
            y = pl.neg(y)
        y = pl.adds(y, 1.0)
    for p in pl.parallel(0, 1):
        y = pl.adds(y, 3.0)
    return y
