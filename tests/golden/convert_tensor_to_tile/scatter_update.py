# tensor.scatter_update's tile form: the rows index names take src's rows, written by tile.scatter
# at flat indices row * 64 + column, narrowed to INT16 for the 2-byte data (the scatter's index
# width); the index is built in the kernel (rows 0, 2, ..., 14).
import pypto.language as pl


@pl.program
class RowUpdate:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, table: pl.Tensor[[16, 64], pl.FP16], src: pl.Tensor[[8, 64], pl.FP16]) -> pl.Tensor[[16, 64], pl.FP16]:
        seq = pl.tensor.ci(0, [1, 8], dtype=pl.INT32)
        rows = pl.reshape(seq, [2, 4])
        index = pl.mul(rows, 2)
        out = pl.scatter_update(table, -2, index, src)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, table: pl.Tensor[[16, 64], pl.FP16], src: pl.Tensor[[8, 64], pl.FP16]) -> pl.Tensor[[16, 64], pl.FP16]:
        y = self.kernel(table, src)
        return y
