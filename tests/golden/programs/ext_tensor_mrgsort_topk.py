# A tensor-level top-k in TMRGSORT's pairs, as PyPTO spells it: pl.arange gives the indices,
# pl.sort32 sorts each 32-column block into value-index pairs, pl.mrgsort(..., block_len=64)
# merges each group of four blocks and pl.mrgsort(sa, sb) merges the two lists. Each becomes its
# tile op (convert-tensor-to-tile-ops; the merge's output buffer, mrgsort2_tmp, holds both
# lists), and `check` compares the output bit for bit.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[1, 128], pl.FP32], b: pl.Tensor[[1, 128], pl.FP32],
         out: pl.Out[pl.Tensor[[1, 512], pl.FP32]]) -> pl.Tensor[[1, 512], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        idx = pl.arange(0, [1, 128], dtype=pl.UINT32)
        sa = pl.mrgsort(pl.sort32(a, idx), block_len=64)
        sb = pl.mrgsort(pl.sort32(b, idx), block_len=64)
        m = pl.mrgsort(sa, sb)
        out = pl.assemble(out, m, [0, 0])
    return out
