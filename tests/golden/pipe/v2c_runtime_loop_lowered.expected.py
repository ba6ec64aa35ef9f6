import pypto.language as pl

@pl.program
class v2c_runtime_loop_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def v2c_runtime_loop_aic(self, n: pl.Scalar[pl.INDEX], a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        ga: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
        ga_kept: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.move(ga, target_memory=pl.Mem.Mat)
        pl.system.tfree_to_aiv(ga, split=1)
        for i in pl.range(n):
            gb: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
            bl: pl.Tile[[32, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(gb, target_memory=pl.Mem.Left)
            pl.system.tfree_to_aiv(gb, split=1)
            bm: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Mat)
            br: pl.Tile[[32, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
            p: pl.Tile[[32, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(bl, br)
            o1: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(p, [0, 0], out1)
        al: pl.Tile[[32, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(ga_kept, target_memory=pl.Mem.Left)
        am: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Mat)
        ar: pl.Tile[[32, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(am, target_memory=pl.Mem.Right)
        q: pl.Tile[[32, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, ar)
        pl.tile.store(q, [0, 0], out2)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def v2c_runtime_loop_aiv(self, n: pl.Scalar[pl.INDEX], a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        aiv: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        xa: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [aiv * 16, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        pl.tile.tpush_to_aic(xa, split=1)
        for i in pl.range(n):
            aiv2: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
            xb: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [aiv2 * 16, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
            xb2: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.muls(xb, 2.0)
            pl.tile.tpush_to_aic(xb2, split=1)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 0, "slot_num": 2, "v2c_slot_size": 4096})
    def v2c_runtime_loop(self, n: pl.Scalar[pl.INDEX], a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        self.v2c_runtime_loop_aic(n, a, b, out1, out2)
        self.v2c_runtime_loop_aiv(n, a, b, out1, out2)
        return out2
