# The expansion of no_split_dual_dispatch.py with its AIV function marked dual_aiv_dispatch (PyPTO's
# no-split dual dispatch): check runs split-vector-kernel on it, which replays the body on lane 1.
import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def k_aic(self, n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        wm: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(w, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        wr: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(wm, target_memory=pl.Mem.Right)
        for i in pl.range(n):
            am: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=0)
            al: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
            pl.system.tfree_to_aiv(am, split=0)
            p: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, wr)
            pl.tile.tpush_to_aiv(p, split=0)
            pl.yield_()
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2})
    def k_aiv(self, n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        for i, (acc_1,) in pl.range(n, init_values=(acc,)):
            pl.tile.tpush_to_aic(acc_1, split=0)
            pv: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.tpop_from_aic(split=0)
            acc_2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(pl.tile.add(acc_1, pv), 0.25)
            pl.system.tfree_to_aic(pv, split=0)
            acc_3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(acc_2)
        o: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(acc_3, [0, 0], out)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 2, "v2c_slot_size": 1024})
    def k(self, n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.k_aic(n, a, w, out)
        self.k_aiv(n, a, w, out)
        return out
