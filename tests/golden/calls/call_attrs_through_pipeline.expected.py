import pypto.language as pl

@pl.program
class CallAttrs:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(self, t: pl.Tensor[[64, 128], pl.FP32], o: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(t, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec, attrs={"alpha": "a", "zeta": 1})
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x, attrs={"flag": True})
        o_1: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(y, [0, 0], o, attrs={"dt": pl.FP16, "mem": pl.Mem.Vec, "ratio": 0.5})
        return o_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, t: pl.Tensor[[64, 128], pl.FP32], o: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        r: pl.Tensor[[64, 128], pl.FP32] = self.kernel(t, o, attrs={"note": "kept"})
        return r
