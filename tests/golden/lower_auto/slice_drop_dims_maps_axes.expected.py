import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def drop(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], full: pl.Tile[[2, 128, 64], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    w: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(full, [1, 64, 64], [1, 0 + subblock_idx * 64, 0], [], [0])
    s: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, w)
    return pl.tile.store(s, [0 + subblock_idx * 64, 0], out_0)
