import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 128], pl.BF16], y: pl.Tensor[[128, 128], pl.BF16], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        xt: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 128], [16, 128])
        yt: pl.Tile[[128, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(y, [0, 0], [128, 128], [128, 128])
        xt_L: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(xt, target_memory=pl.Mem.Left)
        yt_R: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(yt, target_memory=pl.Mem.Right)
        z: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(xt_L, yt_R)
        out_1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(z, [0, 0], out)
        return out_1
