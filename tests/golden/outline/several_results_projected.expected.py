import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.InCore)
    def k_incore_0(self, t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]) -> tuple[pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]]:
        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
        y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(t, t)
        return x, y

    @pl.function(type=pl.FunctionType.Orchestration)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        k_incore_0_results: pl.Tuple[pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]] = self.k_incore_0(t)
        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = k_incore_0_results[0]
        y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = k_incore_0_results[1]
        return pl.tile.store(pl.tile.sub(x, y), [0, 0], out_0)
