# Call forms: long and short forms, keyword binding of arguments, parser defaults, kwarg literal
# kinds, cast modes, annotated results, and statements built from calls.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def calls(t: pl.Tensor[[64, 128], pl.FP32], a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
          o: pl.Out[pl.Tensor[[64, 128], pl.FP32]], s: pl.Scalar[pl.FP32]):
    x = pl.tile.load(t, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
    y = pl.load(t, offsets=[0, 0], shapes=[32, 128], target_memory=pl.Mem.Vec, clamp=False)
    z = pl.full([64, 128], dtype=pl.FP32, value=0.0)
    w: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.add(x, z)
    u = pl.adds(w, s)
    v = pl.mul(u, 2.0)
    c1 = pl.cast(v, pl.FP16)
    c2 = pl.cast(v, pl.BF16, mode="trunc")
    c3 = pl.tile.cast(v, target_type=pl.INT32, mode=4)
    r = pl.read(a, [0, 1])
    e = pl.maximum(pl.exp(a), pl.neg(a))
    m = pl.tile.move(e, target_memory=pl.Mem.Mat, blayout=pl.TileLayout.col_major)
    o = pl.store(e, [0, 0], o, atomic=pl.AtomicType.Add)
    pl.tile.store(y, [32, 0], o)
    return o
