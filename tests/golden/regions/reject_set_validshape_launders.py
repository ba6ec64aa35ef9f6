import pypto.language as pl

# pl.set_validshape is no addressing op: a lane-derived extent cannot launder a full tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],
      v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        w = pl.set_validshape(v, 1, aiv_id * 64)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
