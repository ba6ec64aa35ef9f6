# notify value: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], x: pl.Tensor[[64, 128], pl.FP32], i: pl.Scalar[pl.INT32]):
    pld.system.notify(x, i, [0, 0], a, op=1)
    return a
