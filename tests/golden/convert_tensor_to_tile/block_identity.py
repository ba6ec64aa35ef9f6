# The block identities read in a tensor-level kernel (pl.tensor.get_block_idx & co.) become their
# tile ops when the kernel is converted; they are scalars, so the add of their sum is tile.adds.
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        b = pl.tensor.get_block_idx()
        n = pl.tensor.get_block_num()
        s = pl.tensor.get_subblock_idx()
        y = pl.add(x, pl.cast(b + n + s, pl.FP32))
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = self.kernel(x)
        return y
