# load valid_shape beyond shapes: the valid extent lies within the tile's box.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[32, 16], pl.FP32]):
    x = pl.load(a, [0, 0], [16, 16], [32, 16], target_memory=pl.Mem.Vec)
    return x
