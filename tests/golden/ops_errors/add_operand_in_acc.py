# add operand in Acc: vector ops read Vec tiles only (the registry's input memory).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc]):
    y = pl.add(q, q)
    return y
