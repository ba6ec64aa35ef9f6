# Compare and sort (ops.md 2.7): a tuple result projected bound and inline, and the three arities
# of the merge sort.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def sort_tuples(src: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
                tmp: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
                l0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec],
                l1: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec],
                t2: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec],
                t4: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec]):
    pair = pl.tile.gather_compare(src, 0.5, tmp, cmp_mode=2, out_cols=16)
    dst = pair[0]
    counts = pl.tile.cast(pair[1], target_type=pl.FP32, mode=2)
    more = pl.tile.gather_compare(src, 1.0, tmp, cmp_mode=0, out_cols=8, offset=4, count_dtype=pl.UINT32)
    wide = pl.tile.reshape(more[0], [512])
    m2 = pl.tile.mrgsort_format2(l0, l1, t2)
    m3 = pl.tile.mrgsort_format2(l0, l1, l0, t4, exhausted=True)
    m4 = pl.tile.mrgsort_format2(l0, l1, l0, l1, t4)
    return dst, counts, wide, m2, m3, m4
