import pypto.language as pl


@pl.function
def count(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    acc = 0
    for i in pl.range(n):
        acc = acc + i
    return acc
