import pypto.language as pl

# Three vector results cross to the cube before the cube reads any of them: three V2C transfers
# are held at once, so the ring grows from the default 2 to 3 slots.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def v2c_live(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
             c: pl.Tensor[[32, 32], pl.FP32], out1: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
             out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        xa = pl.load(a, [aiv * 16, 0], [16, 32], target_memory=pl.Mem.Vec)
        xb = pl.load(b, [aiv * 16, 0], [16, 32], target_memory=pl.Mem.Vec)
        xc = pl.load(c, [aiv * 16, 0], [16, 32], target_memory=pl.Mem.Vec)
        ga = pl.aic_gather(xa)
        gb = pl.aic_gather(xb)
        gc = pl.aic_gather(xc)
    al = pl.tile.move(ga, target_memory=pl.Mem.Left)
    br = pl.tile.move(gb, target_memory=pl.Mem.Right)
    cr = pl.tile.move(gc, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    q = pl.matmul(al, cr)
    o1 = pl.store(p, [0, 0], out1)
    return pl.store(q, [0, 0], out2)
