# A model projection in blocks of output columns: a BF16 activation times a BF16 weight slice,
# accumulated in FP32 on the cube, cast back to BF16 on the vector side and assembled into the
# output. The CORE_GROUP scope stands inside a pl.parallel loop of the orchestration.
import pypto.language as pl

BATCH = 16
HIDDEN = 256
OUT = 128
K_CHUNK = 64
N_CHUNK = 64


@pl.program
class Proj:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[BATCH, HIDDEN], pl.BF16], w: pl.Tensor[[HIDDEN, OUT], pl.BF16],
             out: pl.Out[pl.Tensor[[BATCH, OUT], pl.BF16]]) -> pl.Tensor[[BATCH, OUT], pl.BF16]:
        for nb in pl.parallel(OUT // N_CHUNK):
            n0 = nb * N_CHUNK
            with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
                acc = pl.matmul(x, pl.slice(w, [HIDDEN, N_CHUNK], [0, n0]), out_dtype=pl.FP32)
                y = pl.cast(acc, target_type=pl.BF16)
                out = pl.assemble(out, y, [0, n0])
        return out
