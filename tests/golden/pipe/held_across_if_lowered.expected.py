import pypto.language as pl

@pl.program
class held_across_if_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 3})
    def held_across_if_aic(self, n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pl.tile.tpush_to_aiv(a, split=1)
        pl.tile.tpush_to_aiv(b, split=1)
        if n > 0:
            pl.tile.tpush_to_aiv(c, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 3, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def held_across_if_aiv(self, n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        if n > 0:
            z: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            w: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(z, z)
            pl.system.tfree_to_aic(z, split=1)
            o: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(w, [0 + subblock_idx * 8, 0], out1)
        s: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(x, y)
        pl.system.tfree_to_aic(x, split=1)
        pl.system.tfree_to_aic(y, split=1)
        pl.tile.store(s, [0 + subblock_idx * 8, 0], out2)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 3, "v2c_slot_size": 0})
    def held_across_if(self, n: pl.Scalar[pl.INDEX], a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.held_across_if_aic(n, a, b, c, out1, out2)
        self.held_across_if_aiv(n, a, b, c, out1, out2)
        return out2
