import pypto.language as pl

@pl.function(type=pl.FunctionType.Opaque)
def main(x: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP) as first:
        out = pl.assemble(out, pl.mul(x, 1.0), [0, 0])
    for b in pl.spmd(4, deps=[first]):
        t = pl.slice(x, [16, 32], [b * 16, 0])
        out = pl.assemble(out, pl.mul(t, 3.0), [b * 16, 0])
    return out
