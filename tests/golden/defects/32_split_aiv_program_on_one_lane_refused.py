# The expansion's output before split-vector-kernel: the AIV function is split_aiv (written per
# lane) but not yet dispatched to both lanes. `run` refuses it, located at the function, instead of
# running lane 0 alone and leaving half of the output unwritten.
import pypto.language as pl

@pl.program
class split_auto_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def split_auto_aic(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        pl.tile.tpush_to_aiv(qk, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def split_auto_aiv(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(popped, popped)
        pl.system.tfree_to_aic(popped, split=1)
        pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 65536, "slot_num": 2, "v2c_slot_size": 0})
    def split_auto(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        self.split_auto_aic(qk, out_0)
        self.split_auto_aiv(qk, out_0)
        return out_0
