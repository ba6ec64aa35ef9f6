# The mask-pattern gather and scatter in a tensor-level kernel, converted to their tile ops and
# checked equal: every second column kept (P1010), then spread back into groups of 4 at the
# third place (P0100) with zeros between, in FP32 and INT32.
import pypto.language as pl


@pl.program
class Masks:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self, x: pl.Tensor[[16, 64], pl.FP32], d: pl.Tensor[[16, 128], pl.FP32]
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        halves = pl.tensor.gather(x, mask_pattern=2)
        spread = pl.tensor.scatter(halves, mask_pattern=5, dst=d)
        return spread

    @pl.function(type=pl.FunctionType.InCore)
    def ints(
        self,
        x: pl.Tensor[[8, 32], pl.INT32],
        d: pl.Tensor[[8, 32], pl.INT32],
        out: pl.Out[pl.Tensor[[8, 32], pl.INT32]],
    ) -> pl.Tensor[[8, 32], pl.INT32]:
        quarter = pl.tensor.gather(x, mask_pattern=3)
        spread = pl.tensor.scatter(quarter, mask_pattern=6, dst=d)
        out = pl.assemble(out, spread, [0, 0])
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        d: pl.Tensor[[16, 128], pl.FP32],
        xi: pl.Tensor[[8, 32], pl.INT32],
        di: pl.Tensor[[8, 32], pl.INT32],
        yi: pl.Out[pl.Tensor[[8, 32], pl.INT32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        y = self.kernel(x, d)
        yi = self.ints(xi, di, yi)
        return y
