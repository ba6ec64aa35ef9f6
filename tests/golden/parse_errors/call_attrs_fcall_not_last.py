import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(t: pl.Tensor[[64, 128], pl.FP32], o: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        x = pl.tile.load(t, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
        o = pl.tile.store(x, [0, 0], o)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(t: pl.Tensor[[64, 128], pl.FP32], o: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        r = self.k(attrs={"a": 1}, t, o)
        return r
