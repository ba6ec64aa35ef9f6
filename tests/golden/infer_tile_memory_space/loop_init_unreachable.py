# A matmul_acc loop carries Acc, but its initial value is a load, which lands in Vec or Mat only
# (no data path reaches Acc, which only a matmul writes): rejected at the loop.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        lhs: pl.Tensor[[16, 32], pl.BF16],
        rhs: pl.Tensor[[32, 16], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        lhs_m = pl.tile.load(lhs, [0, 0], [16, 32])
        rhs_m = pl.tile.load(rhs, [0, 0], [32, 16])
        init = pl.tile.load(x, [0, 0], [16, 16])
        for i, (acc,) in pl.range(0, 4, 1, init_values=(init,)):
            acc_next = pl.tile.matmul_acc(acc, lhs_m, rhs_m)
            r = pl.yield_(acc_next)
        out = pl.tile.store(r, [0, 0], out)
        return out
