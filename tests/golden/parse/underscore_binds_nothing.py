import pypto.language as pl

# `_` binds nothing: `for _ in ...` counts with a variable no name reads, and `_ = call` runs the
# call as a statement of its own (a value with no call has no effect and leaves no statement).
@pl.function
def main(x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    acc = n
    for _ in pl.range(3):
        acc = acc + n
    _ = pl.system.fence()
    _ = acc
    return acc
