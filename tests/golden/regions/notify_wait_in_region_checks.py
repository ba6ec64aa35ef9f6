import pypto.language as pl

# Synchronisation ops are not memory accesses: a notify (placed on AIV) and a wait (kept on both
# lanes) on one signal tensor in a region lower and check; the cross-lane ordering check counts
# only data accesses.
@pl.function
def main(a: pl.Tensor[[128, 128], pl.FP32], sig: pl.Tensor[[4, 4], pl.INT32],
         peer: pl.Scalar[pl.INT32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            x = pl.load(a, [aiv_id * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
            y = pl.exp(x)
            o = pl.store(y, [aiv_id * 64, 0], out_0)
            pld.system.notify(sig, peer, [0, 0], 1, op=0)
            pld.system.wait(sig, [0, 0], 1, cmp=1)
    return o
