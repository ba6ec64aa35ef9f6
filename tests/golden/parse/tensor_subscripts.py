import pypto.language as pl

# Subscripts on tensors: a read of a window is tensor.slice (a bare ':' the whole axis, an
# omitted axis too, a plain index one element, its axis dropped as Python indexing drops it), a
# write into a window rebinds the tensor to tensor.assemble of the value (tile.store of a tile).
@pl.function
def windows(a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
            i: pl.Scalar[pl.INDEX]):
    top = a[0:32, :]
    left = a[:, 0:64]
    row = a[i, 16:48]
    rows = a[i * 8 : i * 8 + 8]
    out[:] = pl.exp(a)
    out[0:32, 64:128] = pl.add(top[0:32, 0:64], left[32:64])
    out[i * 8 : i * 8 + 8, :] = rows
    t = pl.load(a, [0, 0], [16, 16])
    out[16:32, 16:32] = t
    return out, row
