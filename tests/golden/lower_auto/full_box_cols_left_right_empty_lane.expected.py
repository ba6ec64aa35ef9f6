import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 60])], b: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    popped_box: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(qk, 16, 128)
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        popped_pop: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(popped_box)
        popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(60, subblock_idx * 64) - subblock_idx * 64, 64)])] = pl.tile.set_validshape(popped_pop, 16, pl.min(pl.max(60, subblock_idx * 64) - subblock_idx * 64, 64))
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0 + subblock_idx * 64], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(60, subblock_idx * 64) - subblock_idx * 64, 64)], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
        z: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(60, subblock_idx * 64) - subblock_idx * 64, 64)], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(y, x)
        o: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(z, [0, 0 + subblock_idx * 64], out_0)
    return o
