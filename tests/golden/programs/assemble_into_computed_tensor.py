# Inside the CORE_GROUP scope, an assemble into a tensor the kernel computed becomes
# tile.assemble into its tile; an assemble into a parameter is a store.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(a: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[8, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        y = pl.add(a, a)
        z = pl.assemble(y, p, [8, 0])
        out = pl.assemble(out, z, [0, 0])
    return out
