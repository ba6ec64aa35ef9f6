# notify target: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], i: pl.Scalar[pl.INT32]):
    pld.system.notify(a, i, [0, 0], 1, op=1)
    return a
