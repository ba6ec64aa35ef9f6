# Slices feeding a matmul load straight to Mat; b_trans becomes a zero-copy transpose_view; an
# assemble into the Out parameter is a tile.store, which makes the parameter Out.
import pypto.language as pl


@pl.program
class Proj:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[64, 128], pl.FP32],
               out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0 = pl.slice(a, [16, 128], [0, 0])
        w0 = pl.slice(w, [64, 128], [0, 0])
        p = pl.matmul(a0, w0, b_trans=True)
        r = pl.assemble(out, p, [0, 0])
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[64, 128], pl.FP32],
             out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        r = self.kernel(a, w, out)
        return r
