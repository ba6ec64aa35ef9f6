import pypto.language as pl

# A window with a valid shape reads only its valid part: a 16-row box over a 15-row tensor
# (PyPTO's ragged tail), whose 16th row is undefined. Its 15 valid rows, through exp, fill out:
# run writes all 15 x 128 elements, none undefined.
@pl.function
def ragged(a: pl.Tensor[[15, 128], pl.FP32], out: pl.Out[pl.Tensor[[15, 128], pl.FP32]]):
    box = pl.slice(a, [16, 128], [0, 0], valid_shape=[15, 128])
    rows = box[0:15, :]
    out[:] = pl.exp(rows)
    return out
