import pypto.language as pl

# An Opaque kernel whose CORE_GROUP scope holds an explicit UP_DOWN region,
# ((a @ b) * 2) @ (v + v), with v doubled before the scope and the result copied after it.
@pl.function
def scope_outlined_region(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
                          v: pl.Tensor[[32, 16], pl.FP32], v2: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
                          out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
                          out2: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
    vt = pl.load(v, [0, 0], [32, 16], target_memory=pl.Mem.Vec)
    vd = pl.store(pl.add(vt, vt), [0, 0], v2)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scope_outlined_region_core"):
        am = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        p = pl.matmul(al, br)
        for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            ph = pl.aiv_shard(p)
            p2 = pl.mul(ph, 2.0)
            g = pl.aic_gather(p2)
        gl = pl.tile.move(g, target_memory=pl.Mem.Left)
        vm = pl.load(vd, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
        vr = pl.tile.move(vm, target_memory=pl.Mem.Right)
        q = pl.matmul(gl, vr)
        o = pl.store(q, [0, 0], out)
    r = pl.load(o, [0, 0], [32, 16], target_memory=pl.Mem.Vec)
    return pl.store(r, [0, 0], out2)
