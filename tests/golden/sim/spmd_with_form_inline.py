import pypto.language as pl

# A launch whose body is a kernel written inline (it reads the block index): the body stands in
# an implicit CORE_GROUP scope, which the outliner lifts out as the launch's kernel (named after
# name_hint), keeping the launch around the call; the Opaque parent becomes Orchestration.
@pl.function
def main(a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.spmd(4, name_hint="rows"):
        i = pl.tile.get_block_idx()
        t = pl.load(a, [i * 16, 0], [16, 128])
        out = pl.store(pl.add(t, t), [i * 16, 0], out)
    return out
