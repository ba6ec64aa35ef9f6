# A slice of a load feeds a matmul: the Right demand travels back through the slice (a view keeps
# its source's space) to the load, which cannot produce Right and stays Vec; the slice inherits
# Vec and is moved into Right before the matmul.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 64], pl.BF16],
        y: pl.Tensor[[128, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        xt = pl.tile.load(x, [0, 0], [16, 64])
        yt = pl.tile.load(y, [0, 0], [128, 128])
        ys = pl.tile.slice(yt, [64, 128], [0, 0])
        z = pl.tile.matmul(xt, ys)
        out = pl.tile.store(z, [0, 0], out)
        return out
