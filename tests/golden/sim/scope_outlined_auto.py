import pypto.language as pl

# An Opaque kernel with a CORE_GROUP scope asking for an AUTO UP_DOWN split, between statements
# of its own: c is scaled before the scope, c2 + a @ b is computed inside it, and the result is
# read back and doubled after it. The split program keeps the parent and calls the outlined
# kernel's Group in the scope's place.
@pl.function
def scope_outlined_auto(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32],
                        c: pl.Tensor[[64, 48], pl.FP32], c2: pl.Out[pl.Tensor[[64, 48], pl.FP32]],
                        out: pl.Out[pl.Tensor[[64, 48], pl.FP32]],
                        out2: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
    ct = pl.load(c, [0, 0], [64, 48], target_memory=pl.Mem.Vec)
    cs = pl.store(pl.mul(ct, 3.0), [0, 0], c2)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scope_outlined_auto_core",
               optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        am = pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        p = pl.matmul(al, br)
        pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
        cv = pl.load(cs, [0, 0], [64, 48], target_memory=pl.Mem.Vec)
        y = pl.add(cv, pv)
        o = pl.store(y, [0, 0], out)
    t = pl.load(o, [0, 0], [64, 48], target_memory=pl.Mem.Vec)
    return pl.store(pl.add(t, t), [0, 0], out2)
