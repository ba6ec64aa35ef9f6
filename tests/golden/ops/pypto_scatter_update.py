# PyPTO's whole-row scatter_update(input, dim, index, src) on tensors (tensor_gather_ops.cpp):
# positional as PyPTO's tests write it, and the 4D [blocks, bsize, 1, d] form.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(table: pl.Tensor[[16, 64], pl.FP16], idx: pl.Tensor[[2, 4], pl.INT32],
         src: pl.Tensor[[8, 64], pl.FP16], blocks: pl.Tensor[[4, 4, 1, 64], pl.FP32],
         bsrc: pl.Tensor[[2, 4, 1, 64], pl.FP32]):
    u = pl.scatter_update(table, -2, idx, src)
    v = pl.tensor.scatter_update(blocks, -2, idx, bsrc)
    return u, v
