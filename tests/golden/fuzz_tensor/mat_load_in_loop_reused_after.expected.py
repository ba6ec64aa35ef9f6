import pypto.language as pl

@pl.program
class main_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
    def main_incore_0(self, a0: pl.Tensor[[16, 16], pl.FP32], a4: pl.Tensor[[16, 16], pl.FP32], a8: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        for i in pl.range(2):
            a0_mat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
            a4_mat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a4, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
            a0_mat_L: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a0_mat, target_memory=pl.Mem.Left)
            a4_mat_R: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(a4_mat, target_memory=pl.Mem.Right)
            m5_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a0_mat_L, a4_mat_R)
        a8_mat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a8, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        a0_mat_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        a8_mat_L: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a8_mat, target_memory=pl.Mem.Left)
        a0_mat_R: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(a0_mat_1, target_memory=pl.Mem.Right)
        m9_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a8_mat_L, a0_mat_R)
        out_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(m9_tile, [0, 0], out)
        return out_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[16, 16], pl.FP32], a4: pl.Tensor[[16, 16], pl.FP32], a8: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        out_1: pl.Tensor[[16, 16], pl.FP32] = self.main_incore_0(a0, a4, a8, out)
        return out_1
