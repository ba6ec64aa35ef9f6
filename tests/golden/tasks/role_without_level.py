import pypto.language as pl

# role=SubWorker alone fits InCore, AIC, AIV and Group: the decorator must say which.
@pl.function(role=pl.Role.SubWorker)
def kernel(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    return x
