import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def merge(qk: pl.Tile[[1, 64], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]) -> pl.Tensor[[1, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    a: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=0)
    other: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
    tmp: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.mrgsort_format2(a, other, tmp)
    return pl.tile.store(m, [0, 0], out_0)
