import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def nested(b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(b, split=1)
    add: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(y, y)
    return pl.tile.store(add, [0 + subblock_idx * 8, 0], out1)
