import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def explicit(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(h)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [aiv_id * 64, 0], out_0)
    return o
