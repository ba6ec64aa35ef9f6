import pypto.language as pl


# Found by `tilesplit fuzz --level tensor --seed 313` (case 444), shrunk: `run` and `check` of the
# whole program refuse an Out parameter the run stores no element of, at main's `out`, rather
# than hand back (or prove equal) an output nobody computed. The original's only writes of `out`
# assembled windows of a ragged slice lying past its defined rows; the generator now starts each
# window of a ragged value at one of its defined rows.
@pl.program
class FuzzProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a0: pl.Tensor[[1, 1], pl.FP32], a1: pl.Tensor[[1, 1], pl.FP32], n: pl.Scalar[pl.INDEX], a4: pl.Tensor[[1, 1], pl.FP32], a5: pl.Tensor[[1, 1], pl.FP32], a7: pl.Tensor[[1, 1], pl.FP32], a9: pl.Tensor[[1, 1], pl.FP32], out: pl.Out[pl.Tensor[[1, 1], pl.FP32]]) -> pl.Tensor[[1, 1], pl.FP32]:
        v2 = pl.tensor.muls(a1, 1.0)
        return v2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[1, 1], pl.FP32], a1: pl.Tensor[[1, 1], pl.FP32], n: pl.Scalar[pl.INDEX], a4: pl.Tensor[[1, 1], pl.FP32], a5: pl.Tensor[[1, 1], pl.FP32], a7: pl.Tensor[[1, 1], pl.FP32], a9: pl.Tensor[[1, 1], pl.FP32], out: pl.Out[pl.Tensor[[1, 1], pl.FP32]]) -> pl.Tensor[[1, 1], pl.FP32]:
        r = self.kernel(a0, a1, n, a4, a5, a7, a9, out)
        return r
