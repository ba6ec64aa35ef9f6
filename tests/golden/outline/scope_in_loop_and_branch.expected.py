import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.InCore)
    def k_rows(self, a: pl.Tensor[[64, 64], pl.FP32], i: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        x: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [i * 32, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        s: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(pl.tile.exp(x), [i * 32, 0], out_0)
        return

    @pl.function(type=pl.FunctionType.InCore)
    def k_branch(self, t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]:
        y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]], out_1: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(2):
            self.k_rows(a, i, out_0)
        if flag > 0:
            t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
            y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = self.k_branch(t)
            o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(y, [0, 0], out_1)
        return out_1
