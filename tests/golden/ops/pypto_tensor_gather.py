# PyPTO's tensor-level gather and scatter along the last axis (tensor_gather_ops.cpp), spelt as
# PyPTO's tests spell them (dim and index by keyword).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
         src: pl.Tensor[[4, 3], pl.FP32], half: pl.Tensor[[4, 16], pl.FP16],
         idx16: pl.Tensor[[4, 8], pl.INT16]):
    g = pl.tensor.gather(inp, dim=-1, index=idx)
    s = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
    h = pl.tensor.gather(half, dim=-1, index=idx16)
    return g, s, h
