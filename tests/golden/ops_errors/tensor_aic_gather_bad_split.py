# tensor aic gather with a transport code for split: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    y = pl.tensor.aic_gather(x, split=3)
    return y
