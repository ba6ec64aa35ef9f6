# tensor.scatter_update through the whole pipeline, checked against the reference: FP16 rows (an
# INT16 flat index) and FP32 rows (INT32), the index built in the kernel (rows 0, 2, ..., 14 and
# 15, 13, ..., 1), the rows it does not name kept from the input.
import pypto.language as pl


@pl.program
class RowUpdates:
    @pl.function(type=pl.FunctionType.InCore)
    def half(self, table: pl.Tensor[[16, 64], pl.FP16], src: pl.Tensor[[8, 64], pl.FP16]) -> pl.Tensor[[16, 64], pl.FP16]:
        seq = pl.tensor.ci(0, [1, 8], dtype=pl.INT32)
        rows = pl.reshape(seq, [2, 4])
        index = pl.mul(rows, 2)
        out = pl.scatter_update(table, -2, index, src)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def single(self, table: pl.Tensor[[16, 32], pl.FP32], src: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        seq = pl.tensor.ci(7, [1, 8], dtype=pl.INT32, descending=True)
        rows = pl.reshape(seq, [4, 2])
        index = pl.add(pl.mul(rows, 2), 1)
        out = pl.scatter_update(table, -2, index, src)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, table: pl.Tensor[[16, 64], pl.FP16], src: pl.Tensor[[8, 64], pl.FP16],
             wide: pl.Tensor[[16, 32], pl.FP32], wsrc: pl.Tensor[[8, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 64], pl.FP16], pl.Tensor[[16, 32], pl.FP32]]:
        a = self.half(table, src)
        b = self.single(wide, wsrc)
        return a, b
