# pld.tensor.put moves GM to GM through its staging tile: a value the kernel computes is on-core
# (a tile after conversion) and has no GM address to move. Refused at the put, naming the op
# that pushes a computed value (remote_store).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(
    x: pl.Tensor[[16, 64], pl.FP16],
    dst: pld.DistributedTensor[[16, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    scaled = pl.tensor.add(x, x)
    pld.tensor.put(dst, peer=peer, src=scaled)
