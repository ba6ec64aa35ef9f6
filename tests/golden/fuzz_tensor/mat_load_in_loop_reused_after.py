# tilesplit fuzz --level tensor (seed 7, cases 1243 and 1376, shrunk): a0 is a matmul operand
# inside the loop and again after it. convert-tensor-to-tile-ops loaded a0 into Mat once, inside
# the loop body, and the matmul after the loop read that load out of its scope; the printed
# output then did not read back (unknown name 'a0_mat'). A load made in a nested body is now
# forgotten when the body ends, so the matmul after the loop loads a0 again.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a0: pl.Tensor[[16, 16], pl.FP32], a4: pl.Tensor[[16, 16], pl.FP32],
         a8: pl.Tensor[[16, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
        for i in pl.range(0, 2):
            m5 = pl.matmul(a0, a4)
        m9 = pl.matmul(a8, a0)
        out = pl.assemble(out, m9, [0, 0])
    return out
