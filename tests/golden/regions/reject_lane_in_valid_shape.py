import pypto.language as pl

# A lane reference in a load's valid_shape (not its read offset) does not admit it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],
      v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        x = pl.load(a, [0, 0], [64, 128], [64 - aiv_id, 128], target_memory=pl.Mem.Vec)
        o = pl.store(x, [aiv_id * 64, 0], out_0)
    return o
