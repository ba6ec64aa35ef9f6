# wait expected: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], x: pl.Tensor[[64, 128], pl.FP32]):
    pld.system.wait(x, [0, 0], a, cmp=0)
    return a
