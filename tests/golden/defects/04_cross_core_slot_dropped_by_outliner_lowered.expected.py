import pypto.language as pl

@pl.program
class three_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 4})
    def three_incore_0_aic(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], c: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        cm: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(c, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(am, split=1)
        pl.tile.tpush_to_aiv(bm, split=1)
        pl.tile.tpush_to_aiv(cm, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 4, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def three_incore_0_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], c: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        z: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        s: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.add(x, y)
        pl.system.tfree_to_aic(x, split=1)
        pl.system.tfree_to_aic(y, split=1)
        t: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.add(s, z)
        pl.system.tfree_to_aic(z, split=1)
        o: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t, [0 + subblock_idx * 8, 0], out)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 4, "v2c_slot_size": 0})
    def three_incore_0(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], c: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.three_incore_0_aic(a, b, c, out)
        self.three_incore_0_aiv(a, b, c, out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def three(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], c: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        o: pl.Tensor[[16, 16], pl.FP32] = self.three_incore_0(a, b, c, out)
        return o
