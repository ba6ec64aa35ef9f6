# Each matmul operand is made ready in turn: the lhs loaded to Mat and viewed transposed
# (a_trans), then the rhs loaded, as PyPTO's bridge handles operands by index.
import pypto.language as pl


@pl.program
class ATrans:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[128, 16], pl.BF16],
               b: pl.Tensor[[128, 64], pl.BF16]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = pl.matmul(a, b, a_trans=True, out_dtype=pl.FP32)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 16], pl.BF16],
             b: pl.Tensor[[128, 64], pl.BF16]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = self.kernel(a, b)
        return y
