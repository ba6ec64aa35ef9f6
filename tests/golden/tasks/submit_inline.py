import pypto.language as pl

# An Inline function is spliced into its caller: there is no task to launch.
@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.Inline)
    def twice(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y, tid = pl.submit(self.twice, x)
        return y
