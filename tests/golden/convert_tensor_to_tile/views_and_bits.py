# Tensor ops whose tile op takes the same operands: transpose, set_validshape, reinterpret_view and
# not each become the tile op of the same name on the loaded tile.
import pypto.language as pl


@pl.program
class Views:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32, 64], pl.FP32], i: pl.Tensor[[16, 64], pl.INT16]
               ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[32, 64], pl.FP32],
                          pl.Tensor[[32, 128], pl.INT16], pl.Tensor[[16, 64], pl.INT16]]:
        t = pl.tensor.transpose(x, 0, 1)
        v = pl.tensor.set_validshape(x, 16, 48)
        b = pl.tensor.reinterpret_view(x, dtype=pl.INT16)
        n = pl.tensor.not_(i)
        return t, v, b, n

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], i: pl.Tensor[[16, 64], pl.INT16]):
        r = self.kernel(x, i)
        return r
