# out[0:8, 0:16] = y with y of [16, 16]: the window written holds 8 rows, the value 16. The front
# end used to take the window's starts only and store all 16 rows (the fuzzer's shrinker found
# `out[1:1, 2:1] = v` accepted, an empty window).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        y = pl.exp(a)
        out[0:8, 0:16] = y
    return out
