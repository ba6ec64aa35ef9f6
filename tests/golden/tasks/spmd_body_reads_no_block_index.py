import pypto.language as pl

@pl.function
def main(a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    with pl.spmd(4):
        t = pl.load(a, [0, 0], [16, 128])
        out = pl.store(pl.add(t, t), [0, 0], out)
    return out
