import pypto.language as pl

# An op that states its lane is exempt from (e): system.syncall(core_type="aiv_only") outside
# every region says where it runs itself, so a region could not place it any more exactly.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [aiv_id * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    pl.system.syncall(core_type="aiv_only")
    return o
