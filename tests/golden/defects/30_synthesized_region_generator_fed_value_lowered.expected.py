import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 16, "split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def k700023(in1: pl.Tensor[[16, 32], pl.FP32], in3: pl.Tensor[[32, 16], pl.FP32], qk13: pl.Tile[[9, 9], pl.FP32, pl.Mem.Acc], out16: pl.Out[pl.Tensor[[13, 9], pl.FP32]], out18: pl.Out[pl.Tensor[[15, 8], pl.FP32]]) -> pl.Tensor[[15, 8], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    m2: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(in1, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Mat)
    m4: pl.Tile[[32, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(in3, [0, 0], [32, 16], [32, 16], target_memory=pl.Mem.Mat)
    l5: pl.Tile[[16, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(m2, target_memory=pl.Mem.Left)
    rt6: pl.Tile[[32, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(m4, target_memory=pl.Mem.Right)
    p7: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l5, rt6)
    x8: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(p7, split=2)
    sv9: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, pl.min(pl.max(4, subblock_idx * 8) - subblock_idx * 8, 8)], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.set_validshape(x8, 8, pl.min(pl.max(4, subblock_idx * 8) - subblock_idx * 8, 8))
    f10: pl.Tile[[15, 4], pl.FP32, pl.Mem.Vec] = pl.tile.full([15, 4], -1.5, dtype=pl.FP32)
    sv11: pl.Tile[[15, 4], pl.FP32, pl.Mem.Vec] = pl.tile.set_validshape(f10, 15, 4)
    u12: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, pl.min(pl.max(4, subblock_idx * 8) - subblock_idx * 8, 8)], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(sv9)
    x14: pl.Tile[[9, 5], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[9, pl.min(pl.max(9, subblock_idx * 5) - subblock_idx * 5, 5)])] = pl.tile.aiv_shard(qk13, split=2)
    k15: pl.Tile[[9, 5], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[9, pl.min(pl.max(9, subblock_idx * 5) - subblock_idx * 5, 5)], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.minimums(x14, 1.0)
    o17: pl.Tensor[[13, 9], pl.FP32] = pl.tile.store(k15, [4, 0 + subblock_idx * 5], out16)
    o19: pl.Tensor[[15, 8], pl.FP32] = pl.tile.store(f10, [0, 0 + subblock_idx * 4], out18)
    return o19
