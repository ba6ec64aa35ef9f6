# PyPTO's C2V cross-core program: the cube computes a @ b block by block, the vector side adds
# each block into `c`, a plain tensor parameter carried through both loops by pl.assemble and
# returned. The carried tensor is one buffer in GM: expand-mixed-kernel traces the carry to the
# parameter on the side that does not store it (the AIC), and `check` compares `c`, an input the
# program writes, bit for bit.
import pypto.language as pl

M = 16
K = 32
N = 64
N_BLOCK = 8
N_BLOCKS = N // N_BLOCK


@pl.program
class C2VCarriedUpDown:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        c: pl.Tensor[[M, N], pl.FP32],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            for cb in pl.range(0, N_BLOCKS // 4):
                for ci in pl.range(0, 4):
                    nb = cb * 4 + ci
                    n0 = nb * N_BLOCK
                    c_prev = pl.slice(c, [M, N_BLOCK], [0, n0])
                    b_chunk = pl.slice(b, [K, N_BLOCK], [0, n0])
                    c_next = pl.add(c_prev, pl.matmul(a, b_chunk))
                    c = pl.assemble(c, c_next, [0, n0])
        return c
