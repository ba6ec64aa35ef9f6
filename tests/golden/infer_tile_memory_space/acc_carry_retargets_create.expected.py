import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, lhs: pl.Tensor[[16, 32], pl.BF16], rhs: pl.Tensor[[32, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        lhs_m: pl.Tile[[16, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(lhs, [0, 0], [16, 32], [16, 32])
        rhs_m: pl.Tile[[32, 16], pl.BF16, pl.Mem.Vec] = pl.tile.load(rhs, [0, 0], [32, 16], [32, 16])
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            lhs_m_L: pl.Tile[[16, 32], pl.BF16, pl.Mem.Left] = pl.tile.move(lhs_m, target_memory=pl.Mem.Left)
            rhs_m_R: pl.Tile[[32, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(rhs_m, target_memory=pl.Mem.Right)
            acc_next: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc, lhs_m_L, rhs_m_R)
            r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(acc_next)
        out_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return out_1
