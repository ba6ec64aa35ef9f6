import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[20, 128], pl.FP32], out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        for i, (out_1,) in pl.range(2, init_values=(out,)):
            t: pl.Tile[[4, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, i * 64], [4, 64], [4, 64], target_memory=pl.Mem.Vec)
            u: pl.Tile[[4, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 0.5)
            out_2: pl.Tensor[[4, 64], pl.FP32] = pl.tile.store(u, [0, 0], out_1)
            out_3: pl.Tensor[[4, 64], pl.FP32] = pl.yield_(out_2)
        return out_3
