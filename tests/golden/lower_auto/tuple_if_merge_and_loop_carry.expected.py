import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def tup(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], flag: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]], out_1: pl.Out[pl.Tensor[[1, 128], pl.INT32]]) -> pl.Tensor[[1, 128], pl.INT32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    tmp: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    p0: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    if flag > 0:
        p1: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(v, 0.25, tmp, cmp_mode=1, out_cols=8)
        r: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.yield_(p1)
    else:
        r: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.yield_(p0)
    for i, (c,) in pl.range(2, init_values=(r,)):
        p2: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(v, 0.75, tmp, cmp_mode=1, out_cols=8)
        c_out: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.yield_(p2)
    o0: pl.Tensor[[128, 8], pl.INT32] = pl.tile.store(c_out[0], [0 + subblock_idx * 64, 0], out_0)
    return pl.tile.store(c_out[1], [0, 0 + subblock_idx * 64], out_1)
