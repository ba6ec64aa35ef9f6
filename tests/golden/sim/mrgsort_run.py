import pypto.language as pl

# A 3-way merge on the reference interpreter: descending ramps read as TMRGSORT's value-index
# pairs (20, 19), (18, 17), ... are sorted by value; runs of 6, 4 and 4 elements (the lists' valid
# extents: 3, 2 and 2 pairs) merge into 14 of tmp's 16 positions; the last two are undefined, so
# the run reports two poison elements.
@pl.function(type=pl.FunctionType.InCore)
def merge(out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
    c0 = pl.tile.ci(20, [1, 8], dtype=pl.INT32, descending=True)
    c1 = pl.tile.ci(9, [1, 8], dtype=pl.INT32, descending=True)
    c2 = pl.tile.ci(30, [1, 8], dtype=pl.INT32, descending=True)
    l0 = pl.tile.set_validshape(pl.tile.cast(c0, target_type=pl.FP32, mode=0), 1, 6)
    l1 = pl.tile.set_validshape(pl.tile.cast(c1, target_type=pl.FP32, mode=0), 1, 4)
    l2 = pl.tile.set_validshape(pl.tile.cast(c2, target_type=pl.FP32, mode=0), 1, 4)
    tmp = pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.mrgsort_format2(l0, l1, l2, tmp)
    return pl.store(m, [0, 0], out)
