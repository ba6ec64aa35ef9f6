# An RMSNorm feeding a projection, as a decoder layer writes it: the vector side squares, sums
# each row, scales by rsqrt(mean + eps) and by gamma (a [1, H] row, col_expand_mul), and the cube
# projects; the split halves the rows of the vector phase and gathers them for the matmul.
import pypto.language as pl

BATCH = 16
HIDDEN = 128
OUT = 64
EPS = 1e-6


@pl.program
class RmsProj:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[BATCH, HIDDEN], pl.FP32], gamma: pl.Tensor[[1, HIDDEN], pl.FP32],
             w: pl.Tensor[[HIDDEN, OUT], pl.FP32],
             out: pl.Out[pl.Tensor[[BATCH, OUT], pl.FP32]]) -> pl.Tensor[[BATCH, OUT], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            sq = pl.mul(x, x)
            ss = pl.row_sum(sq)
            ms = pl.muls(ss, 1.0 / HIDDEN)
            inv = pl.rsqrt(pl.adds(ms, EPS))
            xn = pl.row_expand_mul(x, inv)
            xg = pl.col_expand_mul(xn, gamma)
            y = pl.matmul(xg, w)
            out = pl.assemble(out, y, [0, 0])
        return out
