import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, lhs: pl.Tensor[[16, 128], pl.BF16], rhs: pl.Tensor[[128, 128], pl.BF16], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        lhs_mat: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(lhs, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
        lhs_left: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(lhs_mat, target_memory=pl.Mem.Left)
        for n in pl.range(2):
            rhs_mat: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(rhs, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
            rhs_right: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(rhs_mat, target_memory=pl.Mem.Right)
            c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(lhs_left, rhs_right)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, rhs: pl.Tensor[[128, 128], pl.BF16], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        lhs: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16)
        result: pl.Tensor[[16, 128], pl.FP32] = self.kernel(lhs, rhs, out)
        return result
