import pypto.language as pl

M = pl.dynamic("M")

# A function that outlines a scope reads its tensors' dynamic extents as their symbols:
# `m = pl.tensor.dim(a, 0)` is M (a's axis 0), so the read goes and m is read as M, in the launch's
# block count and inside the kernel alike; a static axis (`cols`, 128) keeps its read.
@pl.function
def main(a: pl.Tensor[[M, 128], pl.FP32], out: pl.InOut[pl.Tensor[[M, 128], pl.FP32]]) -> pl.Tensor[[M, 128], pl.FP32]:
    m = pl.tensor.dim(a, 0)
    cols = pl.tensor.dim(a, 1)
    with pl.spmd(m // 16):
        i = pl.tile.get_block_idx()
        lim = m - 16
        t: pl.Tile[[16, 128], pl.FP32] = pl.load(a, [pl.min(i * 16, lim), 0], [16, 128])
        out = pl.store(pl.adds(t, cols), [i * 16, 0], out)
    return out
