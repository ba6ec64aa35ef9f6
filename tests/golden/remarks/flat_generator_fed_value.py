# A value computed from a generator alone (a = abs(g), which nothing reads) is per lane only to
# the walk that halved g: the admission of the printed region, read back, sees a generator and its
# consumer, neutral, so the region would be refused. The flat form is kept, and the remark says why
# (defects/30_synthesized_region_generator_fed_value).
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    g = pl.tile.full([16, 32], dtype=pl.FP32, value=2.0)
    a = pl.tile.abs(g)
    y = pl.tile.add(x, x)
    o = pl.store(y, [0, 0], out)
    return o
