import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def ovl(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[20, 16], pl.FP32]]) -> pl.Tensor[[20, 16], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(q)
        y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(x)
        o1: pl.Tensor[[20, 16], pl.FP32] = pl.tile.store(x, [0 + subblock_idx * 8, 0], out)
        order_token: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        order_token_mat: pl.Tile[[1, 8], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(order_token, split=0)
        order_token_1: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(order_token_mat, split=0)
        o2: pl.Tensor[[20, 16], pl.FP32] = pl.tile.store(y, [4 + subblock_idx * 8, 0], o1)
    return o2
