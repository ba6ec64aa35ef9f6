import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def view(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], raw: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    f_full: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reinterpret_view(raw, dtype=pl.FP32)
    f: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.slice(f_full, [32, 128], [subblock_idx * 32, 0])
    s: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, f)
    return pl.tile.store(s, [0 + subblock_idx * 32, 0], out_0)
