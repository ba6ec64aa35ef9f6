# tensor_scatter_mask_dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tensor[[8, 16], pl.FP32], d: pl.Tensor[[8, 32], pl.INT8]):
    y = pl.tensor.scatter(t, mask_pattern=2, dst=d)
    return y
