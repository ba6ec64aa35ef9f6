import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def win(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]) -> pl.Tensor[[4, 16], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    x_whole: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=0)
    s: pl.Tile[[2, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.slice(x_whole, [2, 16], [2 + subblock_idx * 2, 0])
    return pl.tile.store(s, [0 + subblock_idx * 2, 0], out)
