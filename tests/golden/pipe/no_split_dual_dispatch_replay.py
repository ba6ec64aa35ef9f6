import pypto.language as pl

# split-vector-kernel on an AIV function marked dual_aiv_dispatch with no split: the pipe set-up
# stays before the branch (both lanes run it), lane 0 runs the body, lane 1 replays it on empty
# tiles (a load becomes an empty tile.create, a store keeps only its value, a once-only notify is
# dropped) keeping every push, pop and free. Run twice, the pass changes nothing more.

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        sm: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=0)
        sl: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(sm, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(sm, split=0)
        wm: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(w, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        wr: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(wm, target_memory=pl.Mem.Right)
        p: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(sl, wr)
        pl.tile.tpush_to_aiv(p, split=0)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2})
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], sig: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[16, 16], pl.FP32]:
        slot_buf = pl.system.reserve_buffer(name="v2c_slot_buffer", size=4096, base=4096)
        pl.system.aiv_initialize_pipe(slot_buf, slot_buf, dir_mask=3, slot_size=1024)
        at: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        bt: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(at, bt)
        pl.tile.tpush_to_aic(s, split=0)
        pv: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.tpop_from_aic(split=0)
        e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(pv)
        pl.system.tfree_to_aic(pv, split=0)
        o = pl.tile.store(e, [0, 0], out)
        pld.system.notify(sig, 1, [0], 1, op=0)
        return o

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 2, "v2c_slot_size": 1024})
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], sig: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.k_aic(a, b, w, out)
        r = self.k_aiv(a, b, w, out, sig)
        return r
