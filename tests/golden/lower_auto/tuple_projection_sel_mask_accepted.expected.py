import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def proj(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 8], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 8], pl.FP32]]) -> pl.Tensor[[128, 8], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    tmp: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    x: pl.Tile[[64, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0 + subblock_idx * 64, 0], [64, 8], [64, 8], target_memory=pl.Mem.Vec)
    y: pl.Tile[[64, 8], pl.FP32, pl.Mem.Vec] = pl.tile.neg(x)
    t2: pl.Tile[[128, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([128, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked: pl.Tile[[64, 8], pl.FP32, pl.Mem.Vec] = pl.tile.sel(pair[0], x, y, t2)
    return pl.tile.store(picked, [0 + subblock_idx * 64, 0], out_0)
