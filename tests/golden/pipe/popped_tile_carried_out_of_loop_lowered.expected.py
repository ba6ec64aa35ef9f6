import pypto.language as pl

@pl.program
class carried_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def carried_aic(self, a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[48, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pl.tile.tpush_to_aiv(a, split=1)
        for i in pl.range(3):
            pl.tile.tpush_to_aiv(b, split=1)
            pl.yield_()
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def carried_aiv(self, a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[48, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        x_kept: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        pl.system.tfree_to_aic(x, split=1)
        for i, (acc,) in pl.range(3, init_values=(x_kept,)):
            y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            y_kept: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(y, target_memory=pl.Mem.Vec)
            pl.system.tfree_to_aic(y, split=1)
            t: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(acc, y_kept)
            o: pl.Tensor[[48, 16], pl.FP32] = pl.tile.store(t, [i * 16 + subblock_idx * 8, 0], out1)
            r: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(y_kept)
        pl.tile.store(r, [0 + subblock_idx * 8, 0], out2)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 2, "v2c_slot_size": 0})
    def carried(self, a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[48, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.carried_aic(a, b, out1, out2)
        self.carried_aiv(a, b, out1, out2)
        return out2
