# Both branches of an if yield a matmul result: the merge is Acc. The Vec tile `xt` is read as a
# Left operand twice in the then branch (one move, reused) and once in the else branch (its own
# move: a move made in one branch never serves the other).
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 128], pl.BF16],
        y: pl.Tensor[[128, 128], pl.BF16],
        flag: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        xt = pl.tile.load(x, [0, 0], [16, 128])
        yt = pl.tile.load(y, [0, 0], [128, 128])
        if flag < 1:
            a = pl.tile.matmul(xt, yt)
            b = pl.tile.matmul_acc(a, xt, yt)
            phi = pl.yield_(b)
        else:
            c = pl.tile.matmul(xt, yt)
            phi = pl.yield_(c)
        out = pl.tile.store(phi, [0, 0], out)
        return out
