# tensor.scatter's tile form: the gather's flat indices (index + row * columns), src scattered into
# a zero tile and ones into another, then tile.sel keeps the input where the mask stayed zero (the
# result does not depend on whether the scatter keeps the elements it does not name).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(
    inp: pl.Tensor[[16, 8], pl.FP32], idx: pl.Tensor[[4, 8], pl.INT32], src: pl.Tensor[[4, 8], pl.FP32]
) -> pl.Tensor[[16, 8], pl.FP32]:
    out = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
    return out
