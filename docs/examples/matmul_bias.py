# PyPTO's mixed kernel (pypto-programs/03_mixed_kernel.py, mixed_matmul_bias) as a @pl.program:
# a @ b on the cube, + bias on the vector lanes, split by rows. docs/pypto-programs.md follows it
# through default-pipeline.
import pypto.language as pl

M = 128
K = 256
N = 128


@pl.program
class MatmulBias:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[M, K], pl.FP16], b: pl.Tensor[[K, N], pl.FP16],
             bias: pl.Tensor[[M, N], pl.FP32],
             out: pl.Out[pl.Tensor[[M, N], pl.FP32]]) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
                   name_hint="mixed_up_down"):
            acc = pl.matmul(a, b, out_dtype=pl.FP32)  # cube (AIC)
            out[:] = pl.add(acc, bias)  # vector (AIV)
        return out
