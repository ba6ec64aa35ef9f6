import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[1, 128], pl.INT32]], out_2: pl.Out[pl.Tensor[[128, 128], pl.INT32]]) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[1, 128], pl.INT32], pl.Tensor[[128, 128], pl.INT32]]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        i: pl.Tile[[1, 128], pl.INT32, pl.Mem.Vec] = pl.tile.ci(0, [1, 128], dtype=pl.INT32)
        r: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec] = pl.tile.random(1, 2, 3, 4, 5, 6, [64, 128], dtype=pl.INT32)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(h, [aiv_id * 64, 0], out_0)
        o1: pl.Tensor[[1, 128], pl.INT32] = pl.tile.store(i, [0, 0], out_1)
        o2: pl.Tensor[[128, 128], pl.INT32] = pl.tile.store(r, [aiv_id * 64, 0], out_2)
    return o, o1, o2
