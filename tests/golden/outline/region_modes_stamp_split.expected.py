import pypto.language as pl

@pl.program
class main_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def same_mode(self, a: pl.Tensor[[128, 128], pl.FP32], b: pl.InOut[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            b_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(a, [0, 0], [128, 128], [128, 128])), [0, 0], b)
        for aiv_id_1 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            b_2: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(b_1, [0, 0], [128, 128], [128, 128])), [0, 0], b_1)
            b_store: pl.Tensor[[128, 128], pl.FP32] = b_2
        return b

    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
    def mixed_modes(self, a: pl.Tensor[[128, 128], pl.FP32], c: pl.InOut[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            c_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(a, [0, 0], [128, 128], [128, 128])), [0, 0], c)
        for aiv_id_1 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            c_2: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(c_1, [0, 0], [128, 128], [128, 128])), [0, 0], c_1)
            c_store: pl.Tensor[[128, 128], pl.FP32] = c_2
        return c

    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
    def task_parallel(self, a: pl.Tensor[[128, 128], pl.FP32], d: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            d_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(a, [aiv_id * 64, 0], [64, 128], [64, 128])), [aiv_id * 64, 0], d)
            d_store: pl.Tensor[[128, 128], pl.FP32] = d_1
        return d

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], b: pl.Out[pl.Tensor[[128, 128], pl.FP32]], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]], d: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[128, 128], pl.FP32]]:
        b_1: pl.Tensor[[128, 128], pl.FP32] = self.same_mode(a, b)
        c_1: pl.Tensor[[128, 128], pl.FP32] = self.mixed_modes(a, c)
        d_1: pl.Tensor[[128, 128], pl.FP32] = self.task_parallel(a, d)
        return b_1, c_1, d_1
