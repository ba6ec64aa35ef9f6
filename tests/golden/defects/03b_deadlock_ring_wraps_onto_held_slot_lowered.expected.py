import pypto.language as pl

@pl.program
class unused_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 4})
    def unused_aic(self, q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pl.tile.tpush_to_aiv(q, split=1)
        for i in pl.range(6):
            pl.tile.tpush_to_aiv(q, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 4, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def unused_aiv(self, q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        x_kept: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        pl.system.tfree_to_aic(x, split=1)
        for i in pl.range(6):
            y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            pl.system.tfree_to_aic(y, split=1)
        pl.tile.store(x_kept, [0 + subblock_idx * 8, 0], out)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 4, "v2c_slot_size": 0})
    def unused(self, q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.unused_aic(q, out)
        self.unused_aiv(q, out)
        return out
