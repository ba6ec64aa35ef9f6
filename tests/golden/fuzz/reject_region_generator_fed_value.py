# Found by tilesplit fuzz (seed 102, case 1391) once the generator left generator-fed and dead
# values in split bodies: a full-width region the pass halves holds sv22, a set_validshape of a
# generator nobody reads. Halved, the body reads its lane, so its printed form is read back as a
# written region, whose admission sees sv22 as full-width work: the round trip failed (exit 3).
# The region has no other form, so the value is refused at the first lowering, located.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def kernel(t1: pl.Tensor[[3, 3], pl.FP32], t8: pl.Tensor[[3, 3], pl.FP32], t11: pl.Tensor[[3, 1], pl.FP32], t16: pl.Tensor[[3, 3], pl.FP32], out28: pl.Out[pl.Tensor[[3, 3], pl.FP32]]):
    for aiv0 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x2 = pl.load(t1, [0, 0], [3, 3], target_memory=pl.Mem.Vec)
    for aiv7 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x9 = pl.load(t8, [0, 0], [3, 3], target_memory=pl.Mem.Vec)
        bc10 = pl.load(t11, [0, 0], [3, 1], target_memory=pl.Mem.Vec)
        e12 = pl.tile.row_expand_min(x9, bc10)
        x17 = pl.load(t16, [0, 0], [3, 3], target_memory=pl.Mem.Vec)
        for i18, (acc19,) in pl.range(1, init_values=(e12,)):
            g21 = pl.tile.full([3, 3], dtype=pl.FP32, value=0.0)
            sv22 = pl.tile.set_validshape(g21, 1, 3)
            nx24 = pl.tile.sub(acc19, g21)
            r26 = pl.yield_(nx24)
        o29 = pl.store(x17, [0, 0], out28)
    return o29
