import pypto.language as pl

@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 64], pl.INT16], b: pl.Tensor[[32, 64], pl.FP32], h: pl.Tensor[[32, 64], pl.FP16], row: pl.Tensor[[32, 1], pl.FP32], ret0_out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        a_tile: pl.Tile[[32, 64], pl.INT16] = pl.tile.load(a, [0, 0], [32, 64], [32, 64])
        b_tile: pl.Tile[[32, 64], pl.FP32] = pl.tile.load(b, [0, 0], [32, 64], [32, 64])
        h_tile: pl.Tile[[32, 64], pl.FP16] = pl.tile.load(h, [0, 0], [32, 64], [32, 64])
        row_tile: pl.Tile[[32, 1], pl.FP32] = pl.tile.load(row, [0, 0], [32, 1], [32, 1])
        a_tile_cast: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(a_tile, target_type=pl.FP32, mode=2)
        q_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.div(a_tile_cast, b_tile)
        h_tile_cast: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(h_tile, target_type=pl.FP32, mode=2)
        r_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(h_tile_cast, row_tile)
        s_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(q_tile, r_tile)
        t_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(s_tile, a_tile_cast)
        ret0_store: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(t_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 64], pl.INT16], b: pl.Tensor[[32, 64], pl.FP32], h: pl.Tensor[[32, 64], pl.FP16], row: pl.Tensor[[32, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        ret0_out: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.create([32, 64], dtype=pl.FP32)
        y: pl.Tensor[[32, 64], pl.FP32] = self.kernel(a, b, h, row, ret0_out)
        return y
