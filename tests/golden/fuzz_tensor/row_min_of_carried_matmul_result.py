# tilesplit fuzz --level tensor (seed 8, 2026-12-02): the same row reduction after a matmul result
# carried through a loop (loop_carry_of_cube_result). Rejected at tile.row_min before
# (row_min_of_add_over_matmul says why); now lowered, split and checked equal.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
         c: pl.Tensor[[32, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m = pl.matmul(a, b)
        for i in pl.range(0, 2):
            x = pl.slice(c, [16, 16], [i * 16, 0])
            m = pl.add(m, x)
        out = pl.assemble(out, pl.row_expand_sub(m, pl.row_min(m)), [0, 0])
    return out
