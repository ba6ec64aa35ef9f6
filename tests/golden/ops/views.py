# Views and layout (ops.md 2.4).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def views(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
          cube: pl.Tile[[1, 64, 128], pl.FP16, pl.Mem.Vec],
          m: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat],
          r: pl.Scalar[pl.INDEX]):
    s0 = pl.tile.slice(a, [32, 128], [16, 0])
    s1 = pl.tile.slice(a, [32, 64], [0, 64], [20, 64])
    s2 = pl.tile.slice(cube, [1, 64, 128], [0, 0, 0], [], [0])
    s3 = pl.tile.slice(a, [1, 128], [r, 0], [], [0], pad_value=pl.PadValue.zero)
    s4 = pl.tile.slice(a, [16, 128], [r, 0])                  # runtime offset
    r0 = pl.tile.reshape(a, [8192])
    r1 = pl.tile.reshape(s1, [32, 1, 64])
    i0 = pl.tile.reinterpret_view(a, dtype=pl.FP16)
    i1 = pl.tile.reinterpret_view(a, [64, 64], dtype=pl.INT64)
    e0 = pl.tile.extract(a, 0, 64, [16, 64])
    e1 = pl.tile.extract(m, r, 0, [16, 64], target_memory=pl.Mem.Left)
    e2 = pl.tile.extract(m, 0, 16, [64, 16], target_memory=pl.Mem.Right)
    v0 = pl.set_validshape(a, r, 100)
    v1 = pl.tile.set_validshape(a, 32, 128)
    p0 = pl.tile.transpose(a, 0, 1)
    p1 = pl.tile.transpose(cube, -1, -2, cube)
    q0 = pl.tile.transpose_view(v1)
    c0 = pl.tile.concat(a, v1)                                # [64, 256], valid [32, 256]
    c1 = pl.concat(s0, s0)
    return s0, s2, s3, s4, r0, r1, i0, i1, e0, e1, e2, v0, p0, p1, q0, c0, c1
