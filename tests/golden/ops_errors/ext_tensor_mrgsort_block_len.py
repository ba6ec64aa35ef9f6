# TMRGSORT's single-list sort at tensor level with a block length that is no multiple of 64.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[1, 256], pl.FP32]):
    y = pl.tensor.mrgsort(a, block_len=100)
    return y
