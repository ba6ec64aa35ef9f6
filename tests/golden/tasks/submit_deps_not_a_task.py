import pypto.language as pl

# deps= lists task ids: a tensor is refused where it is listed.
@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y, tid = pl.submit(self.copy, x, deps=[x])
        return y
