# An accumulator allocated by tile.create and carried through a matmul_acc loop: the carry takes
# the space of what the body yields (Acc), and the allocation, whose space is the pass's to
# choose, is placed there (target_memory=Acc written into the call). The loaded operands are
# moved into Left/Right before the matmul_acc, inside the loop.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        lhs: pl.Tensor[[16, 32], pl.BF16],
        rhs: pl.Tensor[[32, 16], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        acc0 = pl.tile.create([16, 16], dtype=pl.FP32)
        lhs_m = pl.tile.load(lhs, [0, 0], [16, 32])
        rhs_m = pl.tile.load(rhs, [0, 0], [32, 16])
        for i, (acc,) in pl.range(0, 4, 1, init_values=(acc0,)):
            acc_next = pl.tile.matmul_acc(acc, lhs_m, rhs_m)
            r = pl.yield_(acc_next)
        out = pl.tile.store(r, [0, 0], out)
        return out
