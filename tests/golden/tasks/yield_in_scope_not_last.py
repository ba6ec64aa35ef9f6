import pypto.language as pl

# The scope's pl.yield_ would end the loop body, but the body goes on after the scope.
@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    for i, (acc,) in pl.range(4, init_values=(out,)):
        with pl.scope():
            nxt = pl.add(acc, x)
            acc = pl.yield_(nxt)
        y = pl.add(x, x)
    return acc
