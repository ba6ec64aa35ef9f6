import pypto.language as pl

# tile.cast without mode: the note lists the valid rounding modes
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    y = pl.tile.cast(x, target_type=pl.FP16)
    return pl.store(y, [0, 0], out)
