# Call-site annotations (ir::Call::attrs): literal values under string keys, printed last and
# sorted by key, kept through passes that rebuild the call, and compared like kwargs.
import pypto.language as pl

@pl.program
class CallAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(t: pl.Tensor[[64, 128], pl.FP32], o: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        x = pl.tile.load(t, [0, 0], [64, 128], target_memory=pl.Mem.Vec, attrs={"zeta": 1, "alpha": "a"})
        y = pl.tile.exp(x, attrs={"flag": True})
        o = pl.tile.store(y, [0, 0], o, attrs={"mem": pl.Mem.Vec, "ratio": 0.5, "dt": pl.FP16})
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(t: pl.Tensor[[64, 128], pl.FP32], o: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        r = self.kernel(t, o, attrs={"note": "kept"})
        return r
