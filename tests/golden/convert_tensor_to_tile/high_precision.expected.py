import pypto.language as pl

@pl.program
class Precise:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], ret0_out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_tile: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(x, [0, 0], [16, 64], [16, 64])
        y_tile: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(y, [0, 0], [16, 64], [16, 64])
        a_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.div(x_tile, y_tile, high_precision=True)
        b_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.log(a_tile, high_precision=True)
        c_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.recip(b_tile, high_precision=True)
        rsqrt_tmp: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        d_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.rsqrt(c_tile, rsqrt_tmp)
        e_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.rsqrt(d_tile)
        ret0_store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(e_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        ret0_out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
        r: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, y, ret0_out)
        return r
