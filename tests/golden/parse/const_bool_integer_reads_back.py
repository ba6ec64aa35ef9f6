import pypto.language as pl

# A BOOL integer constant (what a hand-built ir.ConstInt(0, DataType.BOOL) prints as) reads back
# as the same node, so a branch on it survives print -> parse.
@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    if pl.const(0, pl.BOOL):
        y = pl.exp(a)
        r = pl.yield_(y)
    else:
        z = pl.neg(a)
        r = pl.yield_(z)
    o = pl.store(r, [0, 0], out)
    return o
