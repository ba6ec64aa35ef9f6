import pypto.language as pl


# The simulator runs only what is written in the DSL: a call of an external kernel is reported at
# the kernel, not skipped (its outputs would be left unwritten).
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, external_source="kernels/fast_exp.cpp")
    def fast_exp(self, a: pl.Tensor[[16, 64], pl.FP32],
                 out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ...

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.fast_exp(a, out)
        return r
