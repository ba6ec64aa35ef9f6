import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def k_aic(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32], c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]):
        am: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Mat)
        al: pl.Tile[[16, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
        for i, (c_1,) in pl.range(8, init_values=(c,)):
            bm: pl.Tile[[32, 8], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, i * 8], [32, 8], [32, 8], target_memory=pl.Mem.Mat)
            br: pl.Tile[[32, 8], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
            p: pl.Tile[[16, 8], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, br)
            pl.tile.tpush_to_aiv(p, split=0)
            c_3: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(c)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"slot_num": 2})
    def k_aiv(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32], c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]):
        for i, (c_1,) in pl.range(8, init_values=(c,)):
            prev: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(c_1, [0, i * 8], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
            pv: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.tpop_from_aic(split=0)
            nxt: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.add(prev, pv)
            pl.system.tfree_to_aic(pv, split=0)
            c_2: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(nxt, [0, i * 8], c_1)
            c_3: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(c_2)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 512, "slot_num": 2, "v2c_slot_size": 0})
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32], c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        self.k_aic(a, b, c)
        self.k_aiv(a, b, c)
        return c
