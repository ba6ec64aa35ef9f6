import pypto.language as pl

# Three V2C transfers are held at once on the cube but the author asked for slot_num=2: rejected
# at the third gather, naming the V2C ring and slot_num=3.
@pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 2, "split_aiv": True})
def v2c_too_small(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
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
