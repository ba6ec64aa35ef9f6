# Inside the CORE_GROUP scope a tensor.expand_clone, which writes its broadcast into the target
# (here t, which the outlined kernel then writes: Out there): converted to a loop of stores of the
# [1, 32] row into t, checked equal to the tensor-level program (t and out compared).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[1, 32], pl.FP32], t: pl.Tensor[[16, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        y = pl.tensor.expand_clone(a, t)
        out = pl.assemble(out, y, [0, 0])
    return out
