import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(a: pl.Tensor[[17, 32], pl.FP32], w: pl.Tile[[17, 32], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[17, 32], pl.FP32]], mins: pl.Out[pl.Tensor[[1, 32], pl.FP32]]) -> pl.Tensor[[17, 32], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    x: pl.Tile[[9, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 9) - subblock_idx * 9, 9), 32])] = pl.tile.load(a, [0 + subblock_idx * 9, 0], [9, 32], [pl.min(pl.max(15, subblock_idx * 9) - subblock_idx * 9, 9), 32], target_memory=pl.Mem.Vec)
    c: pl.Tile[[9, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9), 32])] = pl.tile.aiv_shard(w, split=1)
    s: pl.Tile[[9, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 9) - subblock_idx * 9, 9), 32])] = pl.tile.add(x, c)
    m_part: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_min(s)
    m_parts_mat: pl.Tile[[2, 32], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(m_part, split=1)
    m_parts: pl.Tile[[2, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m_parts_mat, split=0)
    m: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_min(m_parts)
    o1: pl.Tensor[[1, 32], pl.FP32] = pl.tile.store(m, [0, 0], mins)
    y: pl.Tile[[9, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 9) - subblock_idx * 9, 9), 32])] = pl.tile.col_expand_sub(s, m)
    o: pl.Tensor[[17, 32], pl.FP32] = pl.tile.store(y, [0 + subblock_idx * 9, 0], out)
    return o
