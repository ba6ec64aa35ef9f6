import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.InCore)
    def k_core(self, t: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        y: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [0, 0], out_0)
        return out_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def k(self, a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        o: pl.Tensor[[128, 128], pl.FP32] = self.k_core(t, out_0)
        z: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(o, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        return pl.tile.store(pl.tile.mul(z, t), [0, 0], out_1)
