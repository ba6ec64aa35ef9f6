import pypto.language as pl

# Checked on the simulator: the program of submit_chain (each task computes what its call does).
@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.InCore)
    def double(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        out = pl.store(pl.add(t, t), [0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64], pl.FP32],
        mid: pl.Out[pl.Tensor[[64], pl.FP32]],
        out: pl.Out[pl.Tensor[[64], pl.FP32]],
    ) -> pl.Tensor[[64], pl.FP32]:
        with pl.manual_scope():
            m, first = pl.submit(self.double, x, mid)
            whole = pl.submit(self.double, m, out, deps=[first], allow_early_resolve=True)
            o = whole[0]
        return o
