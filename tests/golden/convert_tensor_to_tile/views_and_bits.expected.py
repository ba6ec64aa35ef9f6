import pypto.language as pl

@pl.program
class Views:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32, 64], pl.FP32], i: pl.Tensor[[16, 64], pl.INT16], ret0_out: pl.Out[pl.Tensor[[64, 32], pl.FP32]], ret1_out: pl.Out[pl.Tensor[[32, 64], pl.FP32]], ret2_out: pl.Out[pl.Tensor[[32, 128], pl.INT16]], ret3_out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 128], pl.INT16], pl.Tensor[[16, 64], pl.INT16]]:
        x_tile: pl.Tile[[32, 64], pl.FP32] = pl.tile.load(x, [0, 0], [32, 64], [32, 64])
        i_tile: pl.Tile[[16, 64], pl.INT16] = pl.tile.load(i, [0, 0], [16, 64], [16, 64])
        t_tile: pl.Tile[[64, 32], pl.FP32] = pl.tile.transpose(x_tile, 0, 1)
        v_tile: pl.Tile[[32, 64], pl.FP32, pl.TileView(valid_shape=[16, 48])] = pl.tile.set_validshape(x_tile, 16, 48)
        b_tile: pl.Tile[[32, 128], pl.INT16] = pl.tile.reinterpret_view(x_tile, dtype=pl.INT16)
        n_tile: pl.Tile[[16, 64], pl.INT16, pl.Mem.Vec] = pl.tile.not_(i_tile)
        ret0_store: pl.Tensor[[64, 32], pl.FP32] = pl.tile.store(t_tile, [0, 0], ret0_out)
        ret1_store: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(v_tile, [0, 0], ret1_out)
        ret2_store: pl.Tensor[[32, 128], pl.INT16] = pl.tile.store(b_tile, [0, 0], ret2_out)
        ret3_store: pl.Tensor[[16, 64], pl.INT16] = pl.tile.store(n_tile, [0, 0], ret3_out)
        return ret0_store, ret1_store, ret2_store, ret3_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], i: pl.Tensor[[16, 64], pl.INT16]) -> pl.Tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 128], pl.INT16], pl.Tensor[[16, 64], pl.INT16]]:
        ret0_out: pl.Tensor[[64, 32], pl.FP32] = pl.tensor.create([64, 32], dtype=pl.FP32)
        ret1_out: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.create([32, 64], dtype=pl.FP32)
        ret2_out: pl.Tensor[[32, 128], pl.INT16] = pl.tensor.create([32, 128], dtype=pl.INT16)
        ret3_out: pl.Tensor[[16, 64], pl.INT16] = pl.tensor.create([16, 64], dtype=pl.INT16)
        r: pl.Tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 128], pl.INT16], pl.Tensor[[16, 64], pl.INT16]] = self.kernel(x, i, ret0_out, ret1_out, ret2_out, ret3_out)
        return r
