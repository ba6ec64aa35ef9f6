import pypto.language as pl

@pl.function
def count(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    acc: pl.Scalar[pl.INDEX] = 0
    for i, (acc_1,) in pl.range(n, init_values=(acc,)):
        acc_2: pl.Scalar[pl.INDEX] = acc_1 + i
        acc_3: pl.Scalar[pl.INDEX] = pl.yield_(acc_2)
    return acc_3
