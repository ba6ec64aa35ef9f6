import pypto.language as pl

# Found by `tilesplit fuzz --mutate tests/golden --strict` (an internal error of
# --verify-roundtrip): a data-parallel region whose halved body never reads its lane (nothing is
# stored, so no offset is placed per lane) printed as [2, 1] tiles in a body that does not read
# the lane either, and a second lowering halved them again to [1, 1]. Such a body has nothing per
# lane to observe, so it is kept whole and the printed output lowers to itself.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f():
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        ub = pl.full([4, 1], dtype=pl.BF16, value=0.0)
