import pypto.language as pl

# TMRGSORT's single-list sort needs whole groups of four blocks: 128 columns with block_len=64
# are half a group. PyPTO types the call (its conversion test sorts such a row), so the
# simulator refuses it where the sort runs, a located fault.
@pl.function(type=pl.FunctionType.InCore)
def k(out: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    z = pl.tile.full([1, 128], dtype=pl.FP32, value=0.0)
    s = pl.tile.mrgsort(z, block_len=64)
    return pl.store(s, [0, 0], out)
