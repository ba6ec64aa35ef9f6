# MX quantisation (ops.md 2.8): tuple results.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def quant(src: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
          scratch: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec]):
    q = pl.tile.tquant_mx(src)
    values = q[0]
    raw = pl.tile.tquant_mx_raw(src, scratch, dtype=pl.FP8E5M2)
    scales = pl.tile.reshape(raw[1], [256])
    return values, scales
