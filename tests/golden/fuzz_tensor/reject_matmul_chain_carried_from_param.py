# tilesplit fuzz --level tensor (seed 7, 2026-12-02, with loop carries allowed to start from a
# parameter): a matmul chain carried from a parameter. The carry holds a matmul result (Acc)
# while its initial value is a parameter loaded to Vec, and no data path leads from Vec into Acc
# (only a matmul writes Acc): a located rejection naming the carry and the fix. It was an
# internal error before the parameter was loaded for the carry
# (param_carried_unchanged_then_added says why).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a0: pl.Tensor[[16, 16], pl.FP32], a1: pl.Tensor[[32, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        acc = a0
        for i in pl.range(0, 2):
            x = pl.slice(a1, [16, 16], [i * 16, 0])
            acc = pl.matmul(acc, x)
        out = pl.assemble(out, acc, [0, 0])
    return out
