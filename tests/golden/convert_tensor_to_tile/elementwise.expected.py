import pypto.language as pl

@pl.program
class Softmaxish:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32, 64], pl.FP32], ret0_out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        x_tile: pl.Tile[[32, 64], pl.FP32] = pl.tile.load(x, [0, 0], [32, 64], [32, 64])
        tmp_tile: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([32, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m_tile: pl.Tile[[32, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(x_tile, tmp_tile)
        d_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(x_tile, m_tile)
        e_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(d_tile)
        ret0_store: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(e_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        ret0_out: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.create([32, 64], dtype=pl.FP32)
        y: pl.Tensor[[32, 64], pl.FP32] = self.kernel(x, ret0_out)
        return y
