# Found by the 50,000-mutant campaign (case 35059 of seed 1): a slot_num far beyond any ring a
# program uses. The simulator allocated every slot of the ring up front, so `check` exhausted
# memory and aborted; it now makes a slot when a transfer first reaches it.
import pypto.language as pl


@pl.function
def huge_ring(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP,
               optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=2147483648)]):
        am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        x = pl.tile.move(am, target_memory=pl.Mem.Vec)
        y = pl.tile.move(bm, target_memory=pl.Mem.Vec)
        s = pl.add(x, y)
        o = pl.store(s, [0, 0], out)
    return o
