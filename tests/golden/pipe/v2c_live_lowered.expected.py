import pypto.language as pl

@pl.program
class v2c_live_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 3})
    def v2c_live_aic(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], c: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        ga: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        gb: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        gc: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        al: pl.Tile[[32, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(ga, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(ga, split=1)
        br: pl.Tile[[32, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(gb, target_memory=pl.Mem.Right)
        pl.system.tfree_to_aiv(gb, split=1)
        cr: pl.Tile[[32, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(gc, target_memory=pl.Mem.Right)
        pl.system.tfree_to_aiv(gc, split=1)
        p: pl.Tile[[32, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, br)
        q: pl.Tile[[32, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, cr)
        o1: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(p, [0, 0], out1)
        pl.tile.store(q, [0, 0], out2)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 3, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def v2c_live_aiv(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], c: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        aiv: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        xa: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [aiv * 16, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        xb: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [aiv * 16, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        xc: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(c, [aiv * 16, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        pl.tile.tpush_to_aic(xa, split=1)
        pl.tile.tpush_to_aic(xb, split=1)
        pl.tile.tpush_to_aic(xc, split=1)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 0, "slot_num": 3, "v2c_slot_size": 4096})
    def v2c_live(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], c: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        self.v2c_live_aic(a, b, c, out1, out2)
        self.v2c_live_aiv(a, b, c, out1, out2)
        return out2
