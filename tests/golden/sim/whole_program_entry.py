import pypto.language as pl

# A whole program: run and check start at its Orchestration entry main, whose call of the
# InCore kernel runs it (and, after --pipeline default-pipeline, the lowered kernel).

@pl.program
class TileProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32],
                 c: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 32])
        tb = pl.load(b, [0, 0], [64, 32])
        return pl.store(pl.mul(ta, tb), [0, 0], c)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32],
             c: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        return self.tile_add(a, b, c)
