import pypto.language as pl

# Two sibling regions with different modes: each is halved on its own axis with its own lane
# index, and nothing halved in the first reaches the second.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def multi(a: pl.Tensor[[128, 64], pl.FP32], b: pl.Tensor[[64, 128], pl.FP32],
          out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]], out_1: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [128, 64], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        r0 = pl.store(y, [0, 0], out_0)
    for _ in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        u = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
        w = pl.add(u, u)
        r1 = pl.store(w, [0, 0], out_1)
    return r0, r1
