import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
    with pl.spmd(4):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale_block"):
            b: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
            row: pl.Scalar[pl.INDEX] = b * 16
            t: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(x, [16, 32], [row, 0])
            out_1: pl.Tensor[[64, 32], pl.FP32] = pl.tensor.assemble(out, pl.tensor.muls(t, 3.0), [row, 0])
    return out_1
