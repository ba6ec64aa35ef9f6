# Loads without target_memory feeding a matmul: the Left/Right demand reaches each load, which a
# GM-facing producer cannot meet (it stops at Vec or Mat), so each stays Vec and a tile.move into
# the operand buffer is inserted before the matmul. The matmul's result is Acc (its record's
# fixed output space), which tile.store accepts: no move.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 128], pl.BF16],
        y: pl.Tensor[[128, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        xt = pl.tile.load(x, [0, 0], [16, 128])
        yt = pl.tile.load(y, [0, 0], [128, 128])
        z = pl.tile.matmul(xt, yt)
        out = pl.tile.store(z, [0, 0], out)
        return out
