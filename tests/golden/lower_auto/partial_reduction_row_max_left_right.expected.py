import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    x: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=2)
    tmp: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m_part: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(x, tmp)
    m_parts_mat: pl.Tile[[16, 2], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(m_part, split=2)
    m_parts: pl.Tile[[16, 2], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m_parts_mat, split=0)
    m: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(m_parts, tmp)
    y: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.row_expand_sub(x, m)
    o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(y, [0, 0 + subblock_idx * 32], out)
    return o
