import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def gens(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[1, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[1, 128], pl.INT32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    z: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([64, 128], 1.0, dtype=pl.FP32)
    scratch: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    b: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bias, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
    s: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, z)
    t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(s, b)
    idx: pl.Tile[[1, 128], pl.INT32, pl.Mem.Vec] = pl.tile.ci(0, [1, 128], dtype=pl.INT32)
    o1: pl.Tensor[[1, 128], pl.INT32] = pl.tile.store(idx, [0, 0], out_1)
    return pl.tile.store(t, [0 + subblock_idx * 64, 0], out_0)
