# tile row / column expansions with a full-size operand: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], v: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y0 = pl.tile.row_expand_add(t, v)
    y1 = pl.tile.row_expand_sub(t, v)
    y2 = pl.tile.row_expand_mul(t, v)
    y3 = pl.tile.row_expand_div(t, v)
    y4 = pl.tile.row_expand_max(t, v)
    y5 = pl.tile.row_expand_min(t, v)
    y6 = pl.tile.row_expand_expdif(t, v)
    y7 = pl.tile.row_expand(t, v)
    y8 = pl.tile.col_expand_add(t, v)
    y9 = pl.tile.col_expand_sub(t, v)
    y10 = pl.tile.col_expand_div(t, v)
    y11 = pl.tile.col_expand_max(t, v)
    y12 = pl.tile.col_expand_min(t, v)
    y13 = pl.tile.col_expand_expdif(t, v)
    y14 = pl.tile.col_expand(t, v)
    return y0
