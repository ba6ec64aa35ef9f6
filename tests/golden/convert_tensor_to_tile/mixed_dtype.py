# Elementwise ops of two dtypes compute on the promoted dtype; the vector unit takes one, so each
# operand of another dtype is cast to the result's first when the cast keeps every value (INT16
# and FP16 to FP32 do), once per value: a division, a division by an FP32 column of an FP16
# tile, and an addition that reads the INT16 operand again.
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 64], pl.INT16], b: pl.Tensor[[32, 64], pl.FP32],
               h: pl.Tensor[[32, 64], pl.FP16], row: pl.Tensor[[32, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        q = pl.div(a, b)
        r = pl.div(h, row)
        s = pl.add(q, r)
        t = pl.add(s, a)
        return t

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 64], pl.INT16], b: pl.Tensor[[32, 64], pl.FP32],
             h: pl.Tensor[[32, 64], pl.FP16], row: pl.Tensor[[32, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = self.kernel(a, b, h, row)
        return y
