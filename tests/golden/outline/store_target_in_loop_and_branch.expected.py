import pypto.language as pl

@pl.program
class LoopCarry:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, a: pl.Tensor[[64, 64], pl.FP32], i: pl.Scalar[pl.INDEX], acc: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(a, [i * 16, 0], [16, 64], [16, 64])
        acc_store: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(pl.tile.exp(t), [i * 16, 0], acc)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_1(self, acc: pl.InOut[pl.Tensor[[64, 64], pl.FP32]], i: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(acc, [i * 16, 0], [16, 64], [16, 64])
        acc_store_1: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(pl.tile.add(u, u), [i * 16, 0], acc)
        return acc

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            acc_1: pl.Tensor[[64, 64], pl.FP32] = self.main_incore_0(a, i, acc)
            if i < 2:
                acc_2: pl.Tensor[[64, 64], pl.FP32] = self.main_incore_1(acc_1, i)
                r: pl.Tensor[[64, 64], pl.FP32] = pl.yield_(acc_2)
            else:
                r: pl.Tensor[[64, 64], pl.FP32] = pl.yield_(acc_1)
            nxt: pl.Tensor[[64, 64], pl.FP32] = pl.yield_(r)
        return nxt
