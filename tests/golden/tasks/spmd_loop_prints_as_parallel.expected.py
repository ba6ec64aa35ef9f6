import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
    for b, (out_1,) in pl.parallel(4, init_values=(out,)):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale_block"):
            row: pl.Scalar[pl.INDEX] = b * 16
            t: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(x, [16, 32], [row, 0])
            out_2: pl.Tensor[[64, 32], pl.FP32] = pl.tensor.assemble(out_1, pl.tensor.muls(t, 3.0), [row, 0])
        out_3: pl.Tensor[[64, 32], pl.FP32] = pl.yield_(out_2)
    return out_3
