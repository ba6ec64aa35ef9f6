import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def cm(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]) -> pl.Tensor[[1, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    m_part: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(popped)
    m_parts_mat: pl.Tile[[2, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(m_part, split=1)
    m_parts: pl.Tile[[2, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m_parts_mat, split=0)
    m: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(m_parts)
    return pl.tile.store(m, [0, 0], out_0)
