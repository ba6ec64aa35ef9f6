# Gather, scatter and select (ops.md 2.5).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def gather_scatter(table: pl.Tensor[[1024, 128], pl.FP32],
                   dst: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec],
                   src: pl.Tile[[128, 1024], pl.FP32, pl.Mem.Vec],
                   idx: pl.Tile[[128, 64], pl.INT32, pl.Mem.Vec],
                   off: pl.Tile[[128, 8], pl.UINT32, pl.Mem.Vec],
                   rows: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec],
                   pos: pl.Tile[[8, 16], pl.INT32, pl.Mem.Vec],
                   cache: pl.Tile[[256, 64], pl.FP16, pl.Mem.Vec],
                   slots: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec],
                   upd: pl.Tile[[8, 64], pl.FP16, pl.Mem.Vec],
                   mask: pl.Tile[[128, 128], pl.UINT8, pl.Mem.Vec],
                   bits: pl.Tile[[128, 16], pl.UINT8, pl.Mem.Vec],
                   x: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec],
                   row0: pl.Scalar[pl.INDEX]):
    g0 = pl.gather_row(dst, table, [0, 0], [row0, 0], [16, 128])
    g1 = pl.tile.gather_row(dst, table, [0, 0], [row0, 0], [16, 128], [row0, 128])
    g2 = pl.tile.gather_row(dst, table, [0, 0], [0, 0], [16, 128], [8, 128], transpose=True)
    a0 = pl.gather(src, idx, x)
    a1 = pl.tile.gatherb(src, off)
    a2 = pl.tile.gatherb(src, off, output_dtype=pl.FP16)
    w0 = pl.tile.scatter(x, rows, pos)
    w1 = pl.tile.scatter_update(cache, slots, upd)
    w2 = pl.tile.scatter_update(cache, slots, upd, dim=-2)
    l0 = pl.tile.sel(mask, x, w0, x)
    l1 = pl.tile.sels(bits, l0, x, 0.0)
    return g0, g1, g2, a0, a1, a2, w1, w2, l1
