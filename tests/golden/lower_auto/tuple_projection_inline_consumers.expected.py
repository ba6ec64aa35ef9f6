import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def proj(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]], out_1: pl.Out[pl.Tensor[[128, 4], pl.INT32]]) -> pl.Tensor[[128, 8], pl.INT32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    tmp: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    part: pl.Tile[[64, 4], pl.INT32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.slice(pair[0], [64, 4], [0, 4])
    o1: pl.Tensor[[128, 4], pl.INT32] = pl.tile.store(part, [0 + subblock_idx * 64, 0], out_1)
    m_mat: pl.Tile[[128, 8], pl.INT32, pl.Mem.Mat] = pl.tile.aic_gather(pair[0], split=1)
    m: pl.Tile[[128, 8], pl.INT32, pl.Mem.Mat] = pl.tile.move(m_mat, target_memory=pl.Mem.Mat)
    return pl.tile.store(pair[0], [0 + subblock_idx * 64, 0], out_0)
