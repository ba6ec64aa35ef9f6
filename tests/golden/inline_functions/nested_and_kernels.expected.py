import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        t_inline0: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(a, [0, 0], [16, 64], [16, 64])
        e_inline0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t_inline0)
        pl.tile.store(e_inline0, [0, 0], out)

    @pl.function
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc: pl.Tensor[[16, 64], pl.FP32] = a
        for i, (acc_1,) in pl.range(n, init_values=(acc,)):
            y_inline0_inline0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.muls(acc_1, 2.0)
            once_inline0: pl.Tensor[[16, 64], pl.FP32] = y_inline0_inline0
            y_inline1_inline0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.muls(once_inline0, 3.0)
            twice_inline0: pl.Tensor[[16, 64], pl.FP32] = y_inline1_inline0
            acc_2: pl.Tensor[[16, 64], pl.FP32] = twice_inline0
            acc_3: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(acc_2)
        y_inline1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.muls(acc_3, 0.5)
        return y_inline1
