# tensor.scatter_update of 4D [blocks, bsize, 1, d] tensors: the tensor op types, its tile form is
# built for 2D rows only, so the conversion refuses it with the reshape that makes it 2D.
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, index: pl.Tensor[[2, 4], pl.INT32], src: pl.Tensor[[2, 4, 1, 64], pl.FP32]) -> pl.Tensor[[4, 4, 1, 64], pl.FP32]:
        buf = pl.create_tensor([4, 4, 1, 64], dtype=pl.FP32)
        out = pl.scatter_update(buf, -2, index, src)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, index: pl.Tensor[[2, 4], pl.INT32], src: pl.Tensor[[2, 4, 1, 64], pl.FP32]) -> pl.Tensor[[4, 4, 1, 64], pl.FP32]:
        y = self.kernel(index, src)
        return y
