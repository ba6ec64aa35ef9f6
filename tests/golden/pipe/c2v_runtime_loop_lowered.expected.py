import pypto.language as pl

@pl.program
class c2v_runtime_loop_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def c2v_runtime_loop_aic(self, n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pl.tile.tpush_to_aiv(a, split=1)
        for i in pl.range(n):
            pl.tile.tpush_to_aiv(b, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def c2v_runtime_loop_aiv(self, n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        x_kept: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        pl.system.tfree_to_aic(x, split=1)
        for i in pl.range(n):
            y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            z: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(y, x_kept)
            pl.system.tfree_to_aic(y, split=1)
            o: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(z, [0 + subblock_idx * 8, 0], out1)
        pl.tile.store(x_kept, [0 + subblock_idx * 8, 0], out2)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 2, "v2c_slot_size": 0})
    def c2v_runtime_loop(self, n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.c2v_runtime_loop_aic(n, a, b, out1, out2)
        self.c2v_runtime_loop_aiv(n, a, b, out1, out2)
        return out2
