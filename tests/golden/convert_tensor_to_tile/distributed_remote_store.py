# pld.tensor.remote_store lowers 1:1 to pld.tile.remote_store: a computed value is already a tile;
# a GM source is loaded at entry like any operand read as a tile. The target window is written
# (Out), read too when the store adds (atomic=Add: InOut); the atomic kwarg is kept.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def computed(
    x: pl.Tensor[[16, 64], pl.FP16],
    dst: pld.DistributedTensor[[16, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    scaled = pl.tensor.add(x, x)
    pld.tensor.remote_store(scaled, dst, peer, [0, 0])


@pl.function(type=pl.FunctionType.InCore)
def from_gm_adding(
    x: pl.Tensor[[16, 64], pl.FP16],
    dst: pld.DistributedTensor[[32, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    pld.tensor.remote_store(x, dst, peer, [16, 0], atomic=pld.AtomicType.Add)
