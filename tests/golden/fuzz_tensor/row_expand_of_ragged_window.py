# tilesplit fuzz --level tensor (seeds 7 and 11, shrunk): row_expand of a ragged window. x holds
# 4 defined rows of 8; row_expand reads x only for its shape, so the reference filled all 8 rows
# from r, while the split program's tile.row_expand gives a result only on x's valid rows: check
# said DIFFERENT (reference defined, split undefined). The tensor semantics now leave undefined
# what the tile op leaves undefined: the rows where x is undefined.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[4, 16], pl.FP32], r: pl.Tensor[[8, 1], pl.FP32],
         out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        x = pl.slice(a, [8, 16], [0, 0], valid_shape=[4, 16])
        y = pl.row_expand(x, r)
        out[0:8, 0:16] = y
    return out
