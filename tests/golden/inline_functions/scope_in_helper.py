# An Inline function's pl.at scope is spliced verbatim, so outline-incore-scopes outlines it
# later as if it had been written at the call site. Called twice, the helper brings its named
# scope twice: the second outlined kernel is numbered (exp_kernel_0).
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Inline)
    def exp_rows(self, src: pl.Tensor[[16, 64], pl.FP32], dst: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="exp_kernel"):
            t = pl.load(src, [0, 0], [16, 64])
            e = pl.exp(t)
            res = pl.store(e, [0, 0], dst)
        return res

    @pl.function
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        tmp: pl.Tensor[[16, 64], pl.FP32] = pl.create_tensor([16, 64], dtype=pl.FP32)
        once: pl.Tensor[[16, 64], pl.FP32] = self.exp_rows(a, tmp)
        twice: pl.Tensor[[16, 64], pl.FP32] = self.exp_rows(once, out)
        return twice
