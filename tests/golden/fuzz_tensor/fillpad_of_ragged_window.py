# tilesplit fuzz (seed 7, case 841): tensor.fillpad of a ragged window keeps the row past its
# valid_shape undefined at tensor level: the tile program pads it, but the assemble writes the
# valid region only (the reference once wrote the expands into the whole box).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(n: pl.Scalar[pl.INDEX], a3: pl.Tensor[[1, 1], pl.FP32], out: pl.Out[pl.Tensor[[2, 1], pl.FP32]]) -> pl.Tensor[[2, 1], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        g4 = pl.slice(a3, [2, 1], [0, 0], valid_shape=[1, 1])
        v5 = pl.expands(g4, 1.0)
        v6 = pl.fillpad(v5)
        out = pl.assemble(out, v6, [0, 0])
    return out
