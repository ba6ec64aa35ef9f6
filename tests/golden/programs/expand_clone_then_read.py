# A tile op reading expand_clone's result: the result is the target, written in GM by the
# expansion's stores, so it is loaded where the add reads it (after the write), not at entry.
import pypto.language as pl


@pl.program
class ExpandThenAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        src: pl.Tensor[[16, 1], pl.FP32],
        target: pl.Tensor[[16, 32], pl.FP32],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        y = pl.expand_clone(src, target)
        z = pl.add(y, y)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        src: pl.Tensor[[16, 1], pl.FP32],
        target: pl.Tensor[[16, 32], pl.FP32],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        z = self.kernel(src, target)
        return z
