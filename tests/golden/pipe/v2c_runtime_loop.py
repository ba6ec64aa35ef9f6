import pypto.language as pl

# ga crosses to the cube and is held while a loop with a run-time trip count makes one more V2C
# crossing per iteration: the cube copies ga into its own Mat tile and releases the slot at once.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def v2c_runtime_loop(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[32, 32], pl.FP32],
                     b: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
                     out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        xa = pl.load(a, [aiv * 16, 0], [16, 32], target_memory=pl.Mem.Vec)
        ga = pl.aic_gather(xa)
    for i in pl.range(n):
        for aiv2 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            xb = pl.load(b, [aiv2 * 16, 0], [16, 32], target_memory=pl.Mem.Vec)
            xb2 = pl.mul(xb, 2.0)
            gb = pl.aic_gather(xb2)
        bl = pl.tile.move(gb, target_memory=pl.Mem.Left)
        bm = pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        p = pl.matmul(bl, br)
        o1 = pl.store(p, [0, 0], out1)
    al = pl.tile.move(ga, target_memory=pl.Mem.Left)
    am = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
    ar = pl.tile.move(am, target_memory=pl.Mem.Right)
    q = pl.matmul(al, ar)
    return pl.store(q, [0, 0], out2)
