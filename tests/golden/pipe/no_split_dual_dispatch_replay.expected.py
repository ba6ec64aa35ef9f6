import pypto.language as pl

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
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        slot_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c_slot_buffer", size=4096, base=4096)
        pl.system.aiv_initialize_pipe(slot_buf, slot_buf, dir_mask=3, slot_size=1024)
        if subblock_idx == 0:
            at: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
            bt: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
            s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(at, bt)
            pl.tile.tpush_to_aic(s, split=0)
            pv: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.tpop_from_aic(split=0)
            e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(pv)
            pl.system.tfree_to_aic(pv, split=0)
            o: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(e, [0, 0], out)
            pld.system.notify(sig, 1, [0], 1, op=0)
            o_2: pl.Tensor[[16, 16], pl.FP32] = pl.yield_(o)
        else:
            at_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            bt_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            s_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.add(at_1, bt_1)
            pl.tile.tpush_to_aic(s_1, split=0)
            pv_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.tpop_from_aic(split=0)
            e_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(pv_1)
            pl.system.tfree_to_aic(pv_1, split=0)
            o_1: pl.Tensor[[16, 16], pl.FP32] = out
            o_2: pl.Tensor[[16, 16], pl.FP32] = pl.yield_(o_1)
        return o_2

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 2, "v2c_slot_size": 1024})
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], sig: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.k_aic(a, b, w, out)
        r: pl.Tensor[[16, 16], pl.FP32] = self.k_aiv(a, b, w, out, sig)
        return r
