import pypto.language as pl

@pl.program
class SliceDropPad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[3, 64], pl.FP32], y: pl.Tensor[[8, 64], pl.FP32], ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        row_window: pl.Tile[[1, 64], pl.FP32] = pl.tile.load(x, [1, 0], [1, 64], [1, 64])
        row_tile: pl.Tile[[64], pl.FP32] = pl.tile.reshape(row_window, [64])
        padded_load: pl.Tile[[8, 64], pl.FP32, pl.TileView(valid_shape=[8, 16])] = pl.tile.load(y, [0, 0], [8, 64], [8, 16])
        padded_tile: pl.Tile[[8, 64], pl.FP32, pl.TileView(valid_shape=[8, 16], pad=pl.PadValue.min)] = pl.tile.slice(padded_load, [8, 64], [0, 0], pad_value=pl.PadValue.min)
        doubled_tile: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16], pad=pl.PadValue.min)] = pl.tile.add(padded_tile, padded_tile)
        last_window: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 16], pad=pl.PadValue.min)] = pl.tile.slice(doubled_tile, [1, 64], [7, 0], [1, 16], [0])
        last_tile: pl.Tile[[64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16], pad=pl.PadValue.min)] = pl.tile.reshape(last_window, [64])
        total_tile: pl.Tile[[64], pl.FP32, pl.Mem.Vec] = pl.tile.add(row_tile, last_tile)
        ret0_store: pl.Tensor[[64], pl.FP32] = pl.tile.store(total_tile, [0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[3, 64], pl.FP32], y: pl.Tensor[[8, 64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        ret0_out: pl.Tensor[[64], pl.FP32] = pl.tensor.create([64], dtype=pl.FP32)
        r: pl.Tensor[[64], pl.FP32] = self.kernel(x, y, ret0_out)
        return r
