# Elementwise, tile-scalar and unary ops (ops.md 2.3); the short forms pick the scalar variant
# when the second operand is a scalar.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def elementwise(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
                b: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
                row: pl.Tile[[1, 128], pl.FP16, pl.Mem.Vec],
                k: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec],
                s: pl.Scalar[pl.FP32]):
    t0 = pl.add(a, b)
    t1 = pl.tile.sub(t0, row)                     # broadcast, promoted to FP32
    t2 = pl.mul(t1, b)
    t3 = pl.tile.maximum(t2, a)
    t4 = pl.minimum(t3, b)
    t5 = pl.div(t4, b)
    t6 = pl.tile.div(k, k)
    t7 = pl.tile.div(t5, a, high_precision=True)
    u0 = pl.add(t7, 2.0)
    u1 = pl.sub(u0, s)
    u2 = pl.tile.muls(u1, 0.5)
    u3 = pl.div(u2, s)
    u4 = pl.maximum(u3, 0.0)
    u5 = pl.tile.minimums(u4, 6.0)
    v0 = pl.exp(u5)
    v1 = pl.neg(v0)
    v2 = pl.sqrt(v1)
    v3 = pl.tile.abs(v2)
    v4 = pl.relu(v3)
    v5 = pl.log(v4)
    v6 = pl.tile.recip(v5, high_precision=True)
    v7 = pl.rsqrt(v6)
    v8 = pl.tile.rsqrt(v7, a)
    c0 = pl.cast(v8, pl.FP16)
    c1 = pl.cast(c0, pl.FP32, mode="floor")
    c2 = pl.tile.cast(k, target_type=pl.FP32, mode=1)
    return t6, c1, c2


# PyPTO's column expansion: a [1, N] row repeated down every row of the target.
@pl.function(type=pl.FunctionType.InCore)
def col_expand(t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], scale: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.col_expand_mul(t, scale)
    z = pl.tile.col_expand_mul(t, scale)
    return y, z
