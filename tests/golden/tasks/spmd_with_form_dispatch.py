import pypto.language as pl

# The dispatch form of a launch: `with pl.spmd(4):` runs the kernel once per block, and the
# kernel reads its block index to pick its rows. Checked on the simulator: each block writes its
# own 8 rows, so all 32 are written.
@pl.program
class Launch:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        row = pl.tile.get_block_idx() * 8
        t = pl.load(a, [row, 0], [8, 32])
        out = pl.store(pl.exp(t), [row, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        with pl.spmd(4):
            out = self.kernel(a, out)
        return out
