import pypto.language as pl

@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[8, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x_tile: pl.Tile[[16, 32], pl.FP32] = pl.tile.load(x, [0, 0], [16, 32], [16, 32])
        p_tile: pl.Tile[[8, 32], pl.FP32] = pl.tile.load(p, [0, 0], [8, 32], [8, 32])
        y_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(x_tile, x_tile)
        z_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(y_tile, p_tile, [0, 0])
        ret0_store: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(z_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], p: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        ret0_out: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.create([16, 32], dtype=pl.FP32)
        r: pl.Tensor[[16, 32], pl.FP32] = self.kernel(x, p, ret0_out)
        return r
