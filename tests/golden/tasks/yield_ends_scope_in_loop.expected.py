import pypto.language as pl

@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    for i, (acc,) in pl.range(4, init_values=(out,)):
        nxt: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.add(acc, x)
        acc_1: pl.Tensor[[16, 16], pl.FP32] = pl.yield_(nxt)
    return acc_1
