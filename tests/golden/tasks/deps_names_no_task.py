import pypto.language as pl

@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP) as load_task:
        out = pl.assemble(out, pl.mul(a, 2.0), [0, 0])
    with pl.at(level=pl.Level.CORE_GROUP, deps=[load_tsk]):
        out = pl.assemble(out, pl.add(out, 1.0), [0, 0])
    return out
