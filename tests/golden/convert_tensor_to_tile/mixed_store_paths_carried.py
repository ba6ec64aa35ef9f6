# A loop carry initialised with one GM tensor and yielded another stands for the second from the
# second iteration on: the tile store into the carry writes scalar_dst by DMA, and the scalar
# tensor.write after the loop writes it through the data cache, so the kernel is refused.
import pypto.language as pl


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, dma_dst: pl.Tensor[[32], pl.INT32], scalar_dst: pl.Tensor[[32], pl.INT32],
               val: pl.Scalar[pl.INT32]) -> pl.Tensor[[32], pl.INT32]:
        src = pl.load(dma_dst, [0], [32])
        for i, (carried,) in pl.range(2, init_values=(dma_dst,)):
            stored = pl.store(src, [0], carried)
            final = pl.yield_(scalar_dst)
        written = pl.tensor.write(scalar_dst, [0], val)
        return final

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dma_dst: pl.Tensor[[32], pl.INT32], scalar_dst: pl.Tensor[[32], pl.INT32],
             val: pl.Scalar[pl.INT32]) -> pl.Tensor[[32], pl.INT32]:
        y = self.kernel(dma_dst, scalar_dst, val)
        return y
