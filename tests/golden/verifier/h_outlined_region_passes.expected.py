import pypto.language as pl

@pl.program
class f_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
    def f_incore_0(self, a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base: pl.Scalar[pl.INDEX] = aiv_id * 64
            c_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(a, [base, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)), [base, 0], c)
            c_store: pl.Tensor[[128, 128], pl.FP32] = c_1
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        c_1: pl.Tensor[[128, 128], pl.FP32] = self.f_incore_0(a, c)
        return c_1
