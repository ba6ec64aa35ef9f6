# tilesplit fuzz --level tensor (seed 41, 2026-12-02, once a branch could start from a matmul
# result): an if merging a matmul in one branch (its Acc result) with a vector op in the other (a
# Vec tile). infer-tile-memory-space leaves such an if as written (PyPTO's own test requires it),
# and the printed if gives its result the then branch's Acc, so the split pass accepted the kernel
# (the merge is dead) and lowering its printed output again was refused by the expansion check, an
# internal error of the round trip. The split pass now refuses the merge, located, with the fix.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a0: pl.Tensor[[1, 1], pl.FP32], a2: pl.Tensor[[1, 1], pl.FP32], n: pl.Scalar[pl.INDEX], a6: pl.Tensor[[1, 1], pl.FP32], a7: pl.Tensor[[1, 1], pl.FP32], out: pl.Out[pl.Tensor[[1, 1], pl.FP32]]) -> pl.Tensor[[1, 1], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m3 = pl.matmul(a0, a2)
        v4 = pl.row_min(m3)
        if n > 1:
            y5 = pl.tensor.matmul(v4, a6)
        else:
            y5 = pl.tensor.div(v4, a7)
    return out
