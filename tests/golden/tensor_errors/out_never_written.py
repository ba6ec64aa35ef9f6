# The Out parameter 'out' is never written: the kernel assembles into 'b' instead. Running the
# program (as pypto.runtime.run does) refuses it at the parameter.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        y = pl.exp(a)
        b = pl.assemble(b, y, [0, 0])
    return out
