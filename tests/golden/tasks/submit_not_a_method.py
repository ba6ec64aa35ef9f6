import pypto.language as pl

# pl.submit names its kernel as a method of the program: anything else is refused.
@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y, tid = pl.submit(copy, x)
        return y
