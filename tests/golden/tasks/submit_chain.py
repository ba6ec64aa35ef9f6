import pypto.language as pl

# pl.submit launches a kernel as a named task: its results, then the task's id, which a later
# submit lists in deps= (docs/task-model.md). The tasks compute what the plain calls compute.
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
