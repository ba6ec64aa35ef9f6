# PyPTO's tensor-level gather and scatter along the last axis (tensor_gather_ops.cpp), spelt as
# PyPTO's tests spell them (dim and index by keyword).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
         src: pl.Tensor[[4, 3], pl.FP32]):
    g = pl.tensor.gather(inp, dim=-1, index=idx)
    s = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
    return g, s
