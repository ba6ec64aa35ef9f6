import pypto.language as pl

# A tensor annotation that writes no view takes the view its value deduces (here the slice's
# valid_shape), as a tile annotation does: annotating `chunk` does not drop its valid extent.
@pl.function
def main(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 64], pl.FP32]:
    valid_len: pl.Scalar[pl.INDEX] = pl.min(n, 64)
    chunk: pl.Tensor[[8, 64], pl.FP32] = pl.tensor.slice(x, [8, 64], [0, 0], valid_shape=[8, valid_len])
    return chunk
