import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    acc: pl.Scalar[pl.INDEX] = n
    for idx, (acc_1,) in pl.range(3, init_values=(acc,)):
        acc_2: pl.Scalar[pl.INDEX] = acc_1 + n
        acc_3: pl.Scalar[pl.INDEX] = pl.yield_(acc_2)
    pl.system.fence()
    return acc_3
