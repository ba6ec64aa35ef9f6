# The same through a view: a tile store into a tensor.view of the parameter writes the parameter,
# so a scalar write to the parameter itself mixes the two paths as well.
import pypto.language as pl


@pl.program
class MixedThroughView:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, dst: pl.Tensor[[4, 8], pl.INT32], src: pl.Tensor[[32], pl.INT32],
               val: pl.Scalar[pl.INT32]) -> pl.Tensor[[32], pl.INT32]:
        flat = pl.tensor.view(dst, [32])
        t = pl.add(src, 1)
        out = pl.assemble(flat, t, [0])
        pl.tensor.write(dst, [0, 0], val)
        return out
