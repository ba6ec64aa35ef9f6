import pypto.language as pl

# An outlined function holding pl.split_aiv regions is stamped split_aiv, and split when all its
# regions share one splitting mode (PyPTO's function-level representative): `same_mode` gets
# UP_DOWN; `mixed_modes` (UP_DOWN and LEFT_RIGHT) and `task_parallel` (NONE) get no split. The
# regions still govern the lanes (a split_aiv function takes the region path).
@pl.function
def main(a: pl.Tensor[[128, 128], pl.FP32], b: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
         c: pl.Out[pl.Tensor[[128, 128], pl.FP32]], d: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="same_mode"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            b = pl.store(pl.exp(pl.load(a, [0, 0], [128, 128])), [0, 0], b)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            b = pl.store(pl.exp(pl.load(b, [0, 0], [128, 128])), [0, 0], b)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mixed_modes"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            c = pl.store(pl.exp(pl.load(a, [0, 0], [128, 128])), [0, 0], c)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            c = pl.store(pl.exp(pl.load(c, [0, 0], [128, 128])), [0, 0], c)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="task_parallel"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            d = pl.store(pl.exp(pl.load(a, [aiv_id * 64, 0], [64, 128])), [aiv_id * 64, 0], d)
    return b, c, d
