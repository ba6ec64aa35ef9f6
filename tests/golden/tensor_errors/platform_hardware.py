# A hardware platform: tilesplit runs programs on its simulator only.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.exp(a), [0, 0])
    return out
