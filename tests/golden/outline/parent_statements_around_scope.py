import pypto.language as pl

# Statements before and after the scope stay in the parent, which calls the outlined function in
# the scope's place: t is computed before and passed in, o is returned and read after.
@pl.function
def k(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
      out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    t = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k_core"):
        y = pl.add(t, t)
        o = pl.store(y, [0, 0], out_0)
    z = pl.load(o, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    return pl.store(pl.mul(z, t), [0, 0], out_1)
