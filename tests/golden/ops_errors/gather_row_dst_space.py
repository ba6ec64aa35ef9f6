# gather row dst space: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32], dstacc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc]):
    y = pl.gather_row(dstacc, x, [0, 0], [0, 0], [16, 128])
    return y
