import pypto.language as pl

# Scopes below the top of the parent: one in a loop (the loop variable becomes an argument) and
# one in a branch whose result the branch reads after it. Each is replaced by a call where it
# stood; the loop and the branch stay in the parent.
@pl.function
def k(a: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INDEX],
      out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]], out_1: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    for i in pl.range(2):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k_rows"):
            x = pl.load(a, [i * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
            s = pl.store(pl.exp(x), [i * 32, 0], out_0)
    if flag > 0:
        t = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k_branch"):
            y = pl.add(t, t)
        o = pl.store(y, [0, 0], out_1)
    return out_1
