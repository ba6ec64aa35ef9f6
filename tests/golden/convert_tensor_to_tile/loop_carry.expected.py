import pypto.language as pl

@pl.program
class Acc:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, acc: pl.Tensor[[64], pl.FP32], x: pl.Tensor[[64], pl.FP32], ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        acc_tile: pl.Tile[[64], pl.FP32] = pl.tile.load(acc, [0], [64], [64])
        x_tile: pl.Tile[[64], pl.FP32] = pl.tile.load(x, [0], [64], [64])
        for i, (s,) in pl.range(3, init_values=(acc_tile,)):
            t_tile: pl.Tile[[64], pl.FP32, pl.Mem.Vec] = pl.tile.add(s, x_tile)
            r: pl.Tile[[64], pl.FP32] = pl.yield_(t_tile)
        ret0_store: pl.Tensor[[64], pl.FP32] = pl.tile.store(r, [0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, acc: pl.Tensor[[64], pl.FP32], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        ret0_out: pl.Tensor[[64], pl.FP32] = pl.tensor.create([64], dtype=pl.FP32)
        r: pl.Tensor[[64], pl.FP32] = self.kernel(acc, x, ret0_out)
        return r
