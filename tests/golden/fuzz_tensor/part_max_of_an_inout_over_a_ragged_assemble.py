# tilesplit fuzz (seed 41, case 1126): tensor.part_* judges an element present by its operand's
# valid region as the type states it, as the tile program's loads do; an undefined element inside
# it stays undefined (the reference once took it for absent and copied the other operand).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(a0: pl.Tensor[[2, 2], pl.FP32], a4: pl.Tensor[[1, 2], pl.FP32], out: pl.InOut[pl.Tensor[[2, 2], pl.FP32]]) -> pl.Tensor[[2, 2], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        v3 = pl.row_min(a0)
        g5 = pl.slice(a4, [2, 2], [0, 0], valid_shape=[1, 2])
        v6 = pl.minimum(a0, v3)
        out[0:2, 0:2] = g5
        out[:] = pl.tensor.part_max(out, v6)
    return out
