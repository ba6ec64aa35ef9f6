# Inter-device signalling (ops.md 2.11): statements only.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def signal(flags: pl.Tensor[[4, 8], pl.INT32], peer: pl.Scalar[pl.INT32], n: pl.Scalar[pl.INT32]):
    pld.system.notify(flags, peer, [0, 1], 1, op=1)
    pld.system.notify(flags, peer, [2, 3], n, op=0)
    pld.system.wait(flags, [0, 1], 1, cmp=0)
    pld.system.wait(flags, [2, 3], n, cmp=1)
    return flags


# A signal tensor shared across devices is typed pld.DistributedTensor (PyPTO's
# DistributedTensorType); it prints as that kind and reads back as it.
@pl.function(type=pl.FunctionType.InCore)
def signal_distributed(sig: pld.DistributedTensor[[4, 4], pl.INT32], peer: pl.Scalar[pl.INT32]):
    pld.system.notify(sig, peer, [0, 0], 1, op=0)
    pld.system.wait(sig, [0, 0], 1, cmp=1)
    return sig
