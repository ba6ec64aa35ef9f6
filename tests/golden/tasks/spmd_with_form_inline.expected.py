import pypto.language as pl

@pl.program
class main_program:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [i * 16, 0], [16, 128], [16, 128])
        out_1: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(pl.tile.add(t, t), [i * 16, 0], out)
        out_store: pl.Tensor[[64, 128], pl.FP32] = out_1
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.spmd(4):
            out_1: pl.Tensor[[64, 128], pl.FP32] = self.rows(a, out)
        return out_1
