# A tensor-level program adding tensors of different shapes: refused at the pl.add, naming the
# operand and the two shapes.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        c = pl.add(a, b)
        out = pl.assemble(out, c, [0, 0])
    return out
