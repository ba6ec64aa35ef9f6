import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def k(a: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    left: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
    right: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right] = pl.tile.move(a, target_memory=pl.Mem.Right)
    c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(left, right)
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        v: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c)
        y: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(v)
        z: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(y, v)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(z, [0, 0 + subblock_idx * 64], out_0)
    return o
