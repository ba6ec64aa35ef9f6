import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def biased(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]) -> pl.Tensor[[256, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    s: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, bias)
    return pl.tile.store(s, [0 + subblock_idx * 128, 0], out_0)
