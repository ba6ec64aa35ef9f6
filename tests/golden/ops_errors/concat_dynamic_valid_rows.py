# tile.concat of two tiles whose valid rows are different runtime values: the joined valid box is
# not known, so the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec],
      r: pl.Scalar[pl.INDEX], s: pl.Scalar[pl.INDEX]):
    pa = pl.tile.set_validshape(a, r, 128)
    pb = pl.tile.set_validshape(b, s, 32)
    y = pl.tile.concat(pa, pb)
    return y
