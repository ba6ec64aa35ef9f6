import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def computed(x: pl.Tensor[[16, 64], pl.FP16], dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], peer: pl.Scalar[pl.INT32]):
    x_tile: pl.Tile[[16, 64], pl.FP16] = pl.tile.load(x, [0, 0], [16, 64], [16, 64])
    scaled_tile: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.add(x_tile, x_tile)
    pld.tile.remote_store(scaled_tile, dst, peer, [0, 0])
    return

@pl.function(type=pl.FunctionType.InCore)
def from_gm_adding(x: pl.Tensor[[16, 64], pl.FP16], dst: pl.InOut[pld.DistributedTensor[[32, 64], pl.FP16]], peer: pl.Scalar[pl.INT32]):
    x_tile: pl.Tile[[16, 64], pl.FP16] = pl.tile.load(x, [0, 0], [16, 64], [16, 64])
    pld.tile.remote_store(x_tile, dst, peer, [16, 0], atomic=1)
    return
