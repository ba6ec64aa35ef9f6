# PyPTO's tensor.mrgsort in an InCore function: the single-list sort becomes
# tile.mrgsort_format1 on the loaded row, the merge of lists tile.mrgsort_format2 with its output
# buffer (mrgsort2_tmp, one row as long as every list together) passed last.
import pypto.language as pl


@pl.program
class Merge:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, s0: pl.Tensor[[1, 256], pl.FP32], s1: pl.Tensor[[1, 128], pl.FP32],
               s2: pl.Tensor[[1, 128], pl.FP32]) -> pl.Tensor[[1, 512], pl.FP32]:
        one = pl.tensor.mrgsort(s0, block_len=64)
        out = pl.tensor.mrgsort(one, s1, s2)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, s0: pl.Tensor[[1, 256], pl.FP32], s1: pl.Tensor[[1, 128], pl.FP32],
             s2: pl.Tensor[[1, 128], pl.FP32]) -> pl.Tensor[[1, 512], pl.FP32]:
        y = self.kernel(s0, s1, s2)
        return y
