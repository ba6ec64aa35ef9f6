# tilesplit fuzz --level tensor (seed 11, shrunk): the column form of row_expand_of_ragged_window.
# col_expand spreads c's row over x's shape; rows where x is undefined stay undefined, as in the
# split program's tile.col_expand.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(a: pl.Tensor[[3, 16], pl.FP32], c: pl.Tensor[[1, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
        x = pl.slice(a, [8, 16], [0, 0], valid_shape=[3, 16])
        y = pl.col_expand(x, c)
        out = pl.assemble(out, y, [0, 0])
    return out
