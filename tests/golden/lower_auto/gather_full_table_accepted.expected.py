import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def g(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], src: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec], idx: pl.Tensor[[256, 128], pl.INT32], out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]) -> pl.Tensor[[256, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    indices: pl.Tile[[128, 128], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx, [0 + subblock_idx * 128, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
    tmp: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.gather(src, indices, tmp)
    s: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(picked, v)
    return pl.tile.store(s, [0 + subblock_idx * 128, 0], out_0)
