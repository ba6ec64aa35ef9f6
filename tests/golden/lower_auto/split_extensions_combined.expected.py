import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 50])], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    x_box: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(qk, 16, 64)
    x_pop: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 25])] = pl.tile.aiv_shard(x_box, split=2, lane_stride=25)
    x: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 25])] = pl.tile.set_validshape(x_pop, 16, 25)
    tmp: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m_part: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(x, tmp)
    m_parts_mat: pl.Tile[[16, 2], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(m_part, split=2)
    m_parts: pl.Tile[[16, 2], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(m_parts_mat, split=0)
    m: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(m_parts, tmp)
    y: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 25], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.row_expand_sub(x, m)
    for i, (acc,) in pl.range(2, init_values=(y,)):
        t2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        mm_part: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(acc, t2)
        mm_parts_mat: pl.Tile[[16, 2], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(mm_part, split=2)
        mm_parts: pl.Tile[[16, 2], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(mm_parts_mat, split=0)
        mm: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(mm_parts, t2)
        nx: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 25], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.row_expand_sub(acc, mm)
        r: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 25], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.yield_(nx)
    o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(r, [0, 0 + subblock_idx * 25], out)
    return o
