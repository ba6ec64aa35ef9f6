import pypto.language as pl

@pl.program
class vc_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def vc_aic(self, qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        popped_box: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(qk, 16, 128)
        pl.tile.tpush_to_aiv(popped_box, split=1)
        g_join: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        g_mat: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[13, 128])] = pl.tile.set_validshape(g_join, 13, 128)
        pl.system.tfree_to_aiv(g_join, split=1)
        g: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[13, 128])] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 128], pl.FP32, pl.Mem.Left, pl.TileView(valid_shape=[13, 128])] = pl.tile.move(g, target_memory=pl.Mem.Left)
        c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128], compact=pl.CompactMode.normal)] = pl.tile.matmul(l, b)
        pl.tile.store(c, [0, 0], out_0)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def vc_aiv(self, qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped_pop: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        popped: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, subblock_idx * 8) - subblock_idx * 8, 8), 128])] = pl.tile.set_validshape(popped_pop, pl.min(pl.max(13, subblock_idx * 8) - subblock_idx * 8, 8), 128)
        pl.system.tfree_to_aic(popped_pop, split=1)
        y: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, subblock_idx * 8) - subblock_idx * 8, 8), 128], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
        g_lanes: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.set_validshape(y, 8, 128)
        pl.tile.tpush_to_aic(g_lanes, split=1)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 8192, "slot_num": 2, "v2c_slot_size": 8192})
    def vc(self, qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        self.vc_aic(qk, b, out_0)
        self.vc_aiv(qk, b, out_0)
        return out_0
