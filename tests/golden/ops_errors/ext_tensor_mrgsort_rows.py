# TMRGSORT's merge of lists that are not one row each.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[2, 64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32]):
    y = pl.mrgsort(a, b)
    return y
