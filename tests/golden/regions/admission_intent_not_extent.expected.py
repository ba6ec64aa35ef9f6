import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[256, 128], pl.FP32], v: pl.Tile[[64, 256], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[256, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[256, 128], pl.FP32]]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        x: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [aiv_id * 64, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        e: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.extract(v, 0, aiv_id * 128, [64, 128])
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(h, e)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [aiv_id * 64, 0], out_0)
        o1: pl.Tensor[[256, 128], pl.FP32] = pl.tile.store(x, [aiv_id * 128, 0], out_1)
    return o, o1
