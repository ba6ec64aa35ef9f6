import pypto.language as pl

@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.InCore)
    def double(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.tile.load(x, [0], [64], [64])
        out_1: pl.Tensor[[64], pl.FP32] = pl.tile.store(pl.tile.add(t, t), [0], out)
        return out_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], mid: pl.Out[pl.Tensor[[64], pl.FP32]], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        m_first_tuple: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.double, x, mid)
        m: pl.Tensor[[64], pl.FP32] = m_first_tuple[0]
        first: pl.Scalar[pl.TASK_ID] = m_first_tuple[1]
        whole: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.double, m, out, deps=[first], allow_early_resolve=True)
        o: pl.Tensor[[64], pl.FP32] = whole[0]
        return o
