import pypto.language as pl

@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], ret0_out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_tile: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(x, [0, 0], [16, 64], [16, 64])
        b: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        n: pl.Scalar[pl.INDEX] = pl.tile.get_block_num()
        s: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        y_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(x_tile, pl.cast(b + n + s, pl.FP32))
        ret0_store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(y_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        ret0_out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
        y: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, ret0_out)
        return y
