# tile_get_no_stage: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(dst: pld.DistributedTensor[[16, 64], pl.FP16], src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    pld.tile.get(dst, peer, src, [0, 0])
    return
