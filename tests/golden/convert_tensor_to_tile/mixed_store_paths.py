# One GM tensor written both by a tile store (the DMA) and by tensor.write (the scalar unit's
# data cache): nothing keeps the two coherent or ordered, so the conversion refuses it, at the
# scalar write, pointing at the store.
import pypto.language as pl


@pl.program
class MixedStores:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, dst: pl.Tensor[[64], pl.INT32], val: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.INT32]:
        fill = pl.full([32], dtype=pl.INT32, value=-1)
        dst[0:32] = fill
        for i in pl.range(4):
            pl.tensor.write(dst, [i], val)
        return dst
