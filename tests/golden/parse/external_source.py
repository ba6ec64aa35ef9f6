import pypto.language as pl


# A kernel implemented in C++ elsewhere: only its signature is written here, the body is `...`.
# It prints back as written, the passes leave it alone (`check-pipeline` keeps it InCore), and
# calling it from a kernel we simulate is a located error (sim/external_source_not_simulated).
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, external_source="kernels/fast_exp.cpp")
    def fast_exp(self, a: pl.Tensor[[16, 64], pl.FP32],
                 out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ...

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True},
                 external_source="kernels/tail.cpp")
    def tail(self, x: pl.Tensor[[16, 64], pl.FP32]):
        """A docstring may precede the `...`."""
        ...

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.fast_exp(a, out)
        return r
