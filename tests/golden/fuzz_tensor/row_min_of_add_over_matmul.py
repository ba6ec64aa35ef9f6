# tilesplit fuzz --level tensor (seeds 7 and 8, 2026-12-02): a row reduction of a vector op over
# a matmul result, the masked-scores step of attention (s = q @ k + mask; max over each row). It
# was rejected, "tile.row_min: argument 'tile' must be row_major with slayout none_box": while
# convert-tensor-to-tile-ops builds the tile form, before memory is placed, tile.add took the Acc
# result's fractal layout, which the row reduction refuses. A call whose memory contract waits for
# infer-tile-memory-space is now deduced over its operands as the move into its space will leave
# them (ops::Create, MemoryContract::Defer): Acc -> Vec lands row_major (ops::MoveKwargs).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m = pl.matmul(a, b)
        e = pl.add(m, m)
        out = pl.assemble(out, pl.row_expand_sub(e, pl.row_min(e)), [0, 0])
    return out
