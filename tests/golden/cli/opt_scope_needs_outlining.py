import pypto.language as pl

# `opt -p lower-auto-vector-split` alone leaves a CORE_GROUP scope of an Opaque function unsplit:
# a warning at the scope says to outline first or run the check pipeline (it exited 0 silently).
@pl.function
def three(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
          c: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)]):
        am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        cm = pl.load(c, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        x = pl.tile.move(am, target_memory=pl.Mem.Vec)
        y = pl.tile.move(bm, target_memory=pl.Mem.Vec)
        z = pl.tile.move(cm, target_memory=pl.Mem.Vec)
        s = pl.add(x, y)
        t = pl.add(s, z)
        o = pl.store(t, [0, 0], out)
    return o
