import pypto.language as pl

# Task-parallel region (mode NONE): spliced through unchanged, the author's lane index
# dispatches the work; boundary ops are accepted with split=0.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def task(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],
         c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        base = aiv_id * 64
        t = pl.aiv_shard(acc)
        e = pl.exp(pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec))
        s = pl.add(e, t)
        c1 = pl.store(s, [base, 0], c)
    return c1
