import pypto.language as pl

@pl.program
class P:
    @pl.function(attrs={"split": pl.SplitMode.UP_DOWN})
    def opaque(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        return pl.tile.store(popped, [0, 0], out_0)

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.NONE})
    def none_mode(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        return pl.tile.store(popped, [0, 0], out_0)

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def hand_written(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
        return pl.tile.store(popped, [aiv_id * 64, 0], out_0)

    @pl.function(type=pl.FunctionType.InCore)
    def no_split(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        return pl.tile.store(popped, [0, 0], out_0)
