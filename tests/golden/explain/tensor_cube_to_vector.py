# A tensor-level program whose cube result crosses to the vector lanes, a @ b + bias split by
# columns (LEFT_RIGHT); -D shrinks it: each tensor op with the loads, moves, the shard and the
# store it became, and the band each lane pops and writes.
import pypto.language as pl

M = 128
K = 256
N = 128


@pl.program
class MatmulBiasColumns:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[M, K], pl.FP16], b: pl.Tensor[[K, N], pl.FP16],
             bias: pl.Tensor[[M, N], pl.FP32],
             out: pl.Out[pl.Tensor[[M, N], pl.FP32]]) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)],
                   name_hint="columns"):
            acc = pl.matmul(a, b, out_dtype=pl.FP32)
            out[:] = pl.add(acc, bias)
        return out
