# PyPTO's bidirectional program (V -> C -> V) with a tensor carried through the loops: a + 1 on
# the vector side crosses to the cube for the matmul, whose block crosses back to be added into `c`.
import pypto.language as pl

M = 16
K = 32
N = 64
N_BLOCK = 8
N_BLOCKS = N // N_BLOCK


@pl.program
class BiDirectCarriedLeftRight:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        c: pl.Tensor[[M, N], pl.FP32],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            for cb in pl.range(0, N_BLOCKS // 4):
                for ci in pl.range(0, 4):
                    nb = cb * 4 + ci
                    n0 = nb * N_BLOCK
                    c_prev = pl.slice(c, [M, N_BLOCK], [0, n0])
                    a_add = pl.add(a, 1.0)
                    b_chunk = pl.slice(b, [K, N_BLOCK], [0, n0])
                    c_next = pl.add(c_prev, pl.matmul(a_add, b_chunk))
                    c = pl.assemble(c, c_next, [0, n0])
        return c
