# A tensor-level program whose vector results cross to the cube, (x + y) @ (x - y) split by rows:
# each tensor op with the tile ops it became, the gathers that carry the halves to the cube.
import pypto.language as pl


@pl.program
class SumTimesDifference:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[32, 32], pl.FP32],
             z: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            s = pl.add(x, y)
            d = pl.sub(x, y)
            p = pl.matmul(s, d)
            z = pl.assemble(z, p, [0, 0])
        return z
