# system.cacheinvalid with an operand: the call below is rejected (it drops every cached GM line).
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(x: pl.Tensor[[16], pl.INT32]):
    pl.system.cacheinvalid(x)
    return x
