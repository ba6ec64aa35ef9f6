import pypto.language as pl

# A barrier between two regions: each lane writes its band of tmp, meets the other lane at the
# barrier, then reads its own band back. It lowers and checks equal with the barrier kept on
# both lanes (reject_cross_lane_read_after_syncall: reading the other lane's band is refused).
@pl.function
def main(a: pl.Tensor[[128, 128], pl.FP32], tmp: pl.InOut[pl.Tensor[[128, 128], pl.FP32]],
         out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            x = pl.load(a, [aiv_id * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
            y = pl.exp(x)
            t = pl.store(y, [aiv_id * 64, 0], tmp)
        pl.system.syncall(core_type="aiv_only")
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            z = pl.load(t, [aiv_id * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
            w = pl.adds(z, 1.0)
            o = pl.store(w, [aiv_id * 64, 0], out_0)
    return o
