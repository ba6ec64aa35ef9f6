# PyPTO's extra elementwise ops (elementwise_ext_ops.cpp): ternary adds, remainders, leaky and
# parametric ReLU, comparisons into a bit mask, partial arithmetic and the scalar fill, tile- and
# tensor-level.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def tiles(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
          c: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], i: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec],
          j: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec]):
    t0 = pl.tile.addc(a, b, c)
    t1 = pl.tile.subc(a, b, c)
    t2 = pl.tile.addsc(a, 2.0, c)
    t3 = pl.tile.subsc(i, 3, j)
    r0 = pl.tile.rem(a, b)
    r1 = pl.tile.rems(i, 7)
    tmp = pl.tile.create([64, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    r2 = pl.tile.rem(a, b, tmp)
    l0 = pl.tile.lrelu(a, 0.1)
    mtmp = pl.tile.create([65, 128], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
    l1 = pl.tile.prelu(a, b, mtmp)
    m0 = pl.tile.cmp(a, b, cmp_type=2)
    m1 = pl.tile.cmps(a, 0.5, cmp_type=5)
    m2 = pl.tile.cmp(i, j)
    s0 = pl.tile.sel(m0, a, b, tmp)
    part = pl.tile.set_validshape(b, 32, 128)
    p0 = pl.tile.part_add(a, part)
    p1 = pl.tile.part_mul(part, a)
    p2 = pl.tile.part_max(a, part)
    p3 = pl.tile.part_min(a, part)
    e0 = pl.tile.expands(a, 1.5)
    e1 = pl.tile.expands(i, 4)
    return (t0, t1, t2, t3, r0, r1, r2, l0, l1, m0, m1, m2, s0, p0, p1, p2, p3, e0, e1)


@pl.function(type=pl.FunctionType.Orchestration)
def tensors(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
            i: pl.Tensor[[16, 32], pl.INT32]):
    r0 = pl.tensor.rem(a, b)
    r1 = pl.rems(i, 5)
    m0 = pl.tensor.cmp(a, b, cmp_type=1)
    m1 = pl.cmps(a, 0.0, cmp_type=4)
    p0 = pl.part_add(a, b)
    p1 = pl.tensor.part_mul(a, b)
    p2 = pl.tensor.part_max(a, b)
    p3 = pl.tensor.part_min(a, b)
    e0 = pl.expands(a, 2.0)
    u0 = pl.relu(a)
    u1 = pl.lrelu(a, 0.2)
    u2 = pl.tensor.prelu(a, b)
    t0 = pl.addc(a, b, a)
    t1 = pl.tensor.subc(a, b, a)
    t2 = pl.addsc(a, 1.0, b)
    t3 = pl.tensor.subsc(a, 1.0, b)
    return (r0, r1, m0, m1, p0, p1, p2, p3, e0, u0, u1, u2, t0, t1, t2, t3)
