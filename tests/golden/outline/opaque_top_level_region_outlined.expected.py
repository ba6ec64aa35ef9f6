import pypto.language as pl

@pl.program
class main_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
    def main_incore_0(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out_1: pl.Tensor[[512, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(a, [0, 0], [128, 128], [128, 128])), [0, 0], out)
            out_store: pl.Tensor[[512, 128], pl.FP32] = out_1
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        out_1: pl.Tensor[[512, 128], pl.FP32] = self.main_incore_0(a, out)
        return out_1
