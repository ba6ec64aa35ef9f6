import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(l: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left], r: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l, r)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(h, [aiv_id * 64, 0], out_0)
    return o
