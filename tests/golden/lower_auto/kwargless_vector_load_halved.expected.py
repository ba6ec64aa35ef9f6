import pypto.language as pl

@pl.program
class KwarglessVecLoad:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def mixed_up_down(self, a: pl.Tensor[[128, 256], pl.FP16], b: pl.Tensor[[256, 128], pl.FP16], bias: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        bias_tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bias, [0 + subblock_idx * 64, 0], [64, 128], [64, 128])
        a_mat: pl.Tile[[128, 256], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[256, 128], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [256, 128], [256, 128], target_memory=pl.Mem.Mat)
        a_mat_L: pl.Tile[[128, 256], pl.FP16, pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_mat_R: pl.Tile[[256, 128], pl.FP16, pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc_tile: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_mat_L, b_mat_R)
        acc_tile_V: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc_tile, split=1)
        t__tmp_v0_tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(fractal=1024)] = pl.tile.add(acc_tile_V, bias_tile)
        out_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(t__tmp_v0_tile, [0 + subblock_idx * 64, 0], out)
        return out_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def mixed_matmul_bias(self, a: pl.Tensor[[128, 256], pl.FP16], b: pl.Tensor[[256, 128], pl.FP16], bias: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        out_1: pl.Tensor[[128, 128], pl.FP32] = self.mixed_up_down(a, b, bias, out)
        return out_1
