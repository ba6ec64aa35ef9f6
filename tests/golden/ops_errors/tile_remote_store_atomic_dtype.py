# tile_remote_store_atomic_dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[16, 64], pl.UINT8, pl.Mem.Vec], dst: pld.DistributedTensor[[16, 64], pl.UINT8], peer: pl.Scalar[pl.INT32]):
    pld.tile.remote_store(t, dst, peer, [0, 0], atomic=pld.AtomicType.Add)
    return
