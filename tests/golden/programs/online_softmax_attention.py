# Attention over key/value blocks with an online softmax, as PyPTO's decode kernels write it:
# the running max, sum and output are tensors carried through the block loop; q @ k.T and p @ v
# run on the cube, the softmax on the two lanes (rows split UP_DOWN).
import pypto.language as pl

Q = 16
D = 64
S = 128
BLK = 32
SCALE = 0.125


@pl.program
class Flash:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, q: pl.Tensor[[Q, D], pl.FP32], k: pl.Tensor[[S, D], pl.FP32],
             v: pl.Tensor[[S, D], pl.FP32],
             o: pl.Out[pl.Tensor[[Q, D], pl.FP32]]) -> pl.Tensor[[Q, D], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            m = pl.full([Q, 1], dtype=pl.FP32, value=-1e30)
            l = pl.full([Q, 1], dtype=pl.FP32, value=0.0)
            acc = pl.full([Q, D], dtype=pl.FP32, value=0.0)
            for j in pl.range(S // BLK):
                j0 = j * BLK
                s = pl.muls(pl.matmul(q, k[j0:j0 + BLK, :], b_trans=True), SCALE)
                m_new = pl.maximum(m, pl.row_max(s))
                p = pl.exp(pl.row_expand_sub(s, m_new))
                alpha = pl.exp(pl.sub(m, m_new))
                l = pl.add(pl.mul(l, alpha), pl.row_sum(p))
                acc = pl.add(pl.row_expand_mul(acc, alpha), pl.matmul(p, v[j0:j0 + BLK, :]))
                m = m_new
            o[:] = pl.row_expand_div(acc, l)
        return o
