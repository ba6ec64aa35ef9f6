import pypto.language as pl

M = pl.dynamic("M")

@pl.program
class main_program:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, a: pl.Tensor[[M, 128], pl.FP32], cols: pl.Scalar[pl.INDEX], out: pl.InOut[pl.Tensor[[M, 128], pl.FP32]]) -> pl.Tensor[[M, 128], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        lim: pl.Scalar[pl.INDEX] = M - 16
        t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [pl.min(i * 16, lim), 0], [16, 128], [16, 128])
        out_1: pl.Tensor[[M, 128], pl.FP32] = pl.tile.store(pl.tile.adds(t, cols), [i * 16, 0], out)
        out_store: pl.Tensor[[M, 128], pl.FP32] = out_1
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[M, 128], pl.FP32], out: pl.InOut[pl.Tensor[[M, 128], pl.FP32]]) -> pl.Tensor[[M, 128], pl.FP32]:
        cols: pl.Scalar[pl.INDEX] = pl.tensor.dim(a, 1)
        with pl.spmd(M // 16):
            out_1: pl.Tensor[[M, 128], pl.FP32] = self.main_incore_0(a, cols, out)
        return out_1
