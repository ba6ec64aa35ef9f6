# if / elif / else with explicit merges, an if without else, and a merge synthesised by
# convert-to-ssa for a name rebound in one branch only.
import pypto.language as pl

@pl.function
def branches(n: pl.Scalar[pl.INT32], a: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec]):
    if n > pl.const(3, pl.INT32):
        v: pl.Scalar[pl.INT32] = pl.yield_(n)
    elif n == pl.const(0, pl.INT32):
        v = pl.yield_(pl.const(1, pl.INT32))
    else:
        w = n * pl.const(2, pl.INT32)
        v = pl.yield_(w)
    if v < n and not (n > v):
        pl.tile.tpush_to_aiv(a, split=0)
    b = a
    if v != n or v >= n:
        b = pl.exp(a)
    return v, b
