import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[128, 128], pl.FP32]]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        o0: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(h, [aiv_id * 64, 0], out_0)
    for aiv_id2 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h2: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(h2)
        o1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [aiv_id2 * 64, 0], out_1)
    return o0, o1
