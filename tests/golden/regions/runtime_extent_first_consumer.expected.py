import pypto.language as pl

M = pl.dynamic("M")

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[M, 128])], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    h_box: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(acc, 16, 128)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h_pop: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(h_box)
        h: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(M, aiv_id * 8) - aiv_id * 8, 8), 128])] = pl.tile.set_validshape(h_pop, pl.min(pl.max(M, aiv_id * 8) - aiv_id * 8, 8), 128)
        y: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(M, aiv_id * 8) - aiv_id * 8, 8), 128])] = pl.tile.exp(h)
        z: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(M, aiv_id * 8) - aiv_id * 8, 8), 128])] = pl.tile.neg(y)
        if pl.min(pl.max(M, aiv_id * 8) - aiv_id * 8, 8) > 0:
            pl.tile.store(z, [aiv_id * 8, 0], out_0)
    return out_0
