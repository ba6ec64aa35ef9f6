import pypto.language as pl

@pl.function
def windows(a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]], i: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[32], pl.FP32]]:
    top: pl.Tensor[[32, 128], pl.FP32] = pl.tensor.slice(a, [32, 128], [0, 0])
    left: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.slice(a, [64, 64], [0, 0])
    row: pl.Tensor[[32], pl.FP32] = pl.tensor.slice(a, [1, 32], [i, 16], [1, 32], [0])
    rows: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.slice(a, [8, 128], [i * 8, 0])
    out_1: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.assemble(out, pl.tensor.exp(a), [0, 0])
    out_2: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.assemble(out_1, pl.tensor.add(pl.tensor.slice(top, [32, 64], [0, 0]), pl.tensor.slice(left, [32, 64], [32, 0])), [0, 64])
    out_3: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.assemble(out_2, rows, [i * 8, 0])
    t: pl.Tile[[16, 16], pl.FP32] = pl.tile.load(a, [0, 0], [16, 16], [16, 16])
    out_4: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(t, [16, 16], out_3)
    return out_4, row
