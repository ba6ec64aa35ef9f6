# tilesplit fuzz (seed 7, case 5545): tensor.expands fills a ragged window's shape; the row past
# its valid_shape stays undefined, as in the split program's tile.expands, which fills the valid
# region only (the reference once filled the whole box: a miscompile report).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a1: pl.Tensor[[1, 1], pl.FP32], out: pl.Out[pl.Tensor[[2, 1], pl.FP32]]) -> pl.Tensor[[2, 1], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        g2 = pl.slice(a1, [2, 1], [0, 0], valid_shape=[1, 1])
        v3 = pl.tensor.expands(g2, 2.0)
        out = pl.assemble(out, v3, [0, 0])
    return out
