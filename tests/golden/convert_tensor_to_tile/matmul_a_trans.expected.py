import pypto.language as pl

@pl.program
class ATrans:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[128, 16], pl.BF16], b: pl.Tensor[[128, 64], pl.BF16], ret0_out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a_mat: pl.Tile[[128, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [128, 16], [128, 16], target_memory=pl.Mem.Mat)
        y_lhs_t: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(a_mat)
        b_mat: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [128, 64], [128, 64], target_memory=pl.Mem.Mat)
        y_lhs_t_L: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(y_lhs_t, target_memory=pl.Mem.Left)
        b_mat_R: pl.Tile[[128, 64], pl.BF16, pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        y_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(y_lhs_t_L, b_mat_R)
        ret0_store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(y_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 16], pl.BF16], b: pl.Tensor[[128, 64], pl.BF16]) -> pl.Tensor[[16, 64], pl.FP32]:
        ret0_out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
        y: pl.Tensor[[16, 64], pl.FP32] = self.kernel(a, b, ret0_out)
        return y
