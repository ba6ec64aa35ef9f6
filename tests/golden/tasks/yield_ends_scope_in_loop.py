import pypto.language as pl

# A loop body that ends in pl.scope(): the scope's statements are the body's, so its trailing
# pl.yield_ carries the loop's value (as PyPTO writes an accumulator updated inside a scope).
@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    for i, (acc,) in pl.range(4, init_values=(out,)):
        with pl.scope():
            nxt = pl.add(acc, x)
            acc = pl.yield_(nxt)
    return acc
