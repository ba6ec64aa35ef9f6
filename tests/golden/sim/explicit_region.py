import pypto.language as pl

# ((a @ b) * 2) @ v with an explicit UP_DOWN region: the product is sharded to the lanes, scaled
# per lane and gathered back to the cube for the second matmul.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def explicit_region(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
                    v: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
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
    vm = pl.load(v, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
    vr = pl.tile.move(vm, target_memory=pl.Mem.Right)
    q = pl.matmul(gl, vr)
    return pl.store(q, [0, 0], out)
