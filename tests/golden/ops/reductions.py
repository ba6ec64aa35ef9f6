# Row and column reductions (ops.md 2.6); the spec's shape: a full-width scratch beside a half.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def reductions(a: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec],
               full: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec],
               part: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[100, 96])]):
    r0 = pl.row_sum(a, full)
    r1 = pl.tile.row_max(part, a)
    r2 = pl.tile.row_min(a, a)
    r3 = pl.tile.row_argmax(a, a)
    r4 = pl.tile.row_argmin(part, a)
    c0 = pl.tile.col_sum(a)
    c1 = pl.tile.col_sum(part, full)
    c2 = pl.tile.col_max(a)
    c3 = pl.col_min(part)
    return r0, r1, r2, r3, r4, c0, c1, c2, c3
