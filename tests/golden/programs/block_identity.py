# A tensor-level kernel offsetting its input by its block's index and the number of blocks: the
# simulator runs one core group, block 0 of 1, before and after the split.
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        b = pl.tensor.get_block_idx()
        n = pl.tensor.get_block_num()
        y = pl.add(x, pl.cast(b * 2 + n, pl.FP32))
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = self.kernel(x)
        return y
