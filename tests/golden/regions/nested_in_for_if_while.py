import pypto.language as pl

# Regions nested in a for loop, an if and a while: the surrounding control flow is kept and
# every region is lowered in place. Each region writes its own output: regions of different
# modes writing one tensor would race (the lanes do not wait for each other between regions).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def nested(a: pl.Tensor[[128, 128], pl.FP32], n: pl.Scalar[pl.INDEX],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
           out_2: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for i in pl.range(4):
        for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
            y = pl.exp(x)
            pl.store(y, [0, 0], out_0)
    if n > 0:
        for _ in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            u = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
            v = pl.neg(u)
            pl.store(v, [0, 0], out_1)
    while n > 4:
        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            p = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
            q = pl.row_sum(p, p)
            pl.store(q, [0, 0], out_2)
    return out_0, out_1, out_2
