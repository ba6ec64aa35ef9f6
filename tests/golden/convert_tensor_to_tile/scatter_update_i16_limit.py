# tensor.scatter_update of FP16 rows into a [128, 256] input: 32768 elements, one past what an
# INT16 flat index (the scatter's index for 2-byte data) addresses, so the conversion refuses it.
import pypto.language as pl


@pl.program
class Wide:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, table: pl.Tensor[[128, 256], pl.FP16], index: pl.Tensor[[2, 4], pl.INT32], src: pl.Tensor[[8, 256], pl.FP16]) -> pl.Tensor[[128, 256], pl.FP16]:
        out = pl.scatter_update(table, -2, index, src)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, table: pl.Tensor[[128, 256], pl.FP16], index: pl.Tensor[[2, 4], pl.INT32], src: pl.Tensor[[8, 256], pl.FP16]) -> pl.Tensor[[128, 256], pl.FP16]:
        y = self.kernel(table, index, src)
        return y
