# system.fence with an operand: the call below is rejected (a fence orders every GM write).
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(x: pl.Tensor[[16], pl.INT32]):
    token = pl.system.fence(x)
    return x
