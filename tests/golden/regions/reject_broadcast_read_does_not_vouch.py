import pypto.language as pl

# A broadcast read (split extent 1) is neutral: it cannot vouch for a full-width operand beside it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 64], pl.FP32],
      full: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        bias = pl.load(b, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
        y = pl.add(full, bias)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
