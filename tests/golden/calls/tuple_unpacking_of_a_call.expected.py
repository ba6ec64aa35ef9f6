import pypto.language as pl

@pl.program
class Unpack:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 16], pl.FP32], acc: pl.InOut[pl.Tensor[[16, 16], pl.FP32]], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.tile.load(x, [0, 0], [16, 16], [16, 16])
        s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 2.0)
        acc_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(pl.tile.add(pl.tile.load(acc, [0, 0], [16, 16], [16, 16]), s), [0, 0], acc)
        out_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(s, [0, 0], out)
        return acc_1, out_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], acc: pl.InOut[pl.Tensor[[16, 16], pl.FP32]], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        acc_out_tuple: pl.Tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]] = self.scale(x, acc, out)
        acc_1: pl.Tensor[[16, 16], pl.FP32] = acc_out_tuple[0]
        out_1: pl.Tensor[[16, 16], pl.FP32] = acc_out_tuple[1]
        return acc_1, out_1
