import pypto.language as pl

@pl.program
class Dumps:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, a: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[128, 128], pl.FP32] = pl.tile.load(a, [0, 0], [128, 128], [128, 128])
        out_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(t, [0, 0], out)
        out_store: pl.Tensor[[128, 128], pl.FP32] = out_1
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        out_1: pl.Tensor[[128, 128], pl.FP32] = self.copy(a, out)
        return out_1
