import pypto.language as pl

@pl.function
def main(a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]], n: pl.Scalar[pl.INDEX]):
    with pl.spmd(2, predicate=n > 0):
        i = pl.tile.get_block_idx()
        t = pl.load(a, [i * 8, 0], [8, 128])
        out = pl.store(t, [i * 8, 0], out)
    return out
