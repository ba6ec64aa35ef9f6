# high_precision on tensor ops: tensor.div, tensor.log and tensor.recip pass it to their tile op;
# tensor.rsqrt's precise path is tile.rsqrt with a scratch tile (rsqrt_tmp), given only when the
# kwarg is set (the plain rsqrt stays one-operand).
import pypto.language as pl


@pl.program
class Precise:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32],
               y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.div(x, y, high_precision=True)
        b = pl.log(a, high_precision=True)
        c = pl.recip(b, high_precision=True)
        d = pl.rsqrt(c, high_precision=True)
        e = pl.rsqrt(d)
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.kernel(x, y)
        return r
