import pypto.language as pl

# A scope's ring of no slots is refused where it is written, with the fix in a note.
@pl.function
def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=0)]):
        am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        x = pl.tile.move(am, target_memory=pl.Mem.Vec)
        o = pl.store(x, [0, 0], out)
    return o
