# tensor_gather_mask_pattern: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tensor[[8, 32], pl.FP32]):
    y = pl.tensor.gather(t, mask_pattern=9)
    return y
