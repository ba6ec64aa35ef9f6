# A tensor parameter carried into a loop is loaded at entry; the iter arg and the loop's result
# become tiles; the result is stored into a new Out parameter.
import pypto.language as pl


@pl.program
class Acc:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, acc: pl.Tensor[[64], pl.FP32],
               x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (s,) in pl.range(3, init_values=(acc,)):
            t = pl.add(s, x)
            r = pl.yield_(t)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, acc: pl.Tensor[[64], pl.FP32],
             x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        r = self.kernel(acc, x)
        return r
