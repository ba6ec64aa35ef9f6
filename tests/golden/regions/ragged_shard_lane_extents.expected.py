import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, aiv_id * 8) - aiv_id * 8, 8), 128])] = pl.tile.aiv_shard(acc)
        y: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, aiv_id * 8) - aiv_id * 8, 8), 128])] = pl.tile.exp(h)
        o: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(y, [aiv_id * 8, 0], out_0)
    return o
