import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 128], pl.BF16], y: pl.Tensor[[128, 128], pl.BF16], flag: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        xt: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 128], [16, 128])
        yt: pl.Tile[[128, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(y, [0, 0], [128, 128], [128, 128])
        if flag < 1:
            xt_L: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(xt, target_memory=pl.Mem.Left)
            yt_R: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(yt, target_memory=pl.Mem.Right)
            a: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(xt_L, yt_R)
            b: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(a, xt_L, yt_R)
            phi: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(b)
        else:
            xt_L_1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(xt, target_memory=pl.Mem.Left)
            yt_R_1: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(yt, target_memory=pl.Mem.Right)
            c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(xt_L_1, yt_R_1)
            phi: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(c)
        out_1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(phi, [0, 0], out)
        return out_1
