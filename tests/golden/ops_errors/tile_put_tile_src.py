# tile_put_tile_src: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(dst: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32], s: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]):
    pld.tile.put(dst, peer, s, s)
    return
