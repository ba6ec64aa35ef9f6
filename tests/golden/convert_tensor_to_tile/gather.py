# tensor.gather's tile form: out[r, j] = inp[r, idx[r, j]] read by tile.gather at the flat index
# idx[r, j] + r * 16 (a tile.ci of the rows, reshaped to a column, times the input's columns, added
# along each row), with its INT32 scratch.
import pypto.language as pl


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32]) -> pl.Tensor[[4, 3], pl.FP32]:
        out = pl.tensor.gather(inp, dim=-1, index=idx)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32]) -> pl.Tensor[[4, 3], pl.FP32]:
        y = self.kernel(inp, idx)
        return y
