import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def exp_kernel(self, a: pl.Tensor[[16, 64], pl.FP32], tmp: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t_inline0: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(a, [0, 0], [16, 64], [16, 64])
        e_inline0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t_inline0)
        res_inline0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(e_inline0, [0, 0], tmp)
        return tmp

    @pl.function(type=pl.FunctionType.InCore)
    def exp_kernel_0(self, once: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t_inline1: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(once, [0, 0], [16, 64], [16, 64])
        e_inline1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t_inline1)
        res_inline1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(e_inline1, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        tmp: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
        res_inline0: pl.Tensor[[16, 64], pl.FP32] = self.exp_kernel(a, tmp)
        once: pl.Tensor[[16, 64], pl.FP32] = res_inline0
        res_inline1: pl.Tensor[[16, 64], pl.FP32] = self.exp_kernel_0(once, out)
        twice: pl.Tensor[[16, 64], pl.FP32] = res_inline1
        return twice
