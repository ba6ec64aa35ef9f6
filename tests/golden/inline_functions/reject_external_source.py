# An Inline function implemented in external source has no body to splice into its callers.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Inline, external_source="helper.cpp")
    def helper(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        ...

    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        r: pl.Tensor[[64], pl.FP32] = self.helper(a)
        return r
