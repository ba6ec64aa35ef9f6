# pl.matmul of [32, 64] by [32, 32]: the contraction extents differ (64 and 32).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[32, 64], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
        c = pl.matmul(a, b)
        out = pl.assemble(out, c, [0, 0])
    return out
