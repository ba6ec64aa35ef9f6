import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def k_incore_0(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
            y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, popped)
            o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)
        return out_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def k(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        o: pl.Tensor[[128, 128], pl.FP32] = self.k_incore_0(qk, out_0)
        return o
