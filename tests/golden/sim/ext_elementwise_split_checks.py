import pypto.language as pl

# PyPTO's extra elementwise ops under a row split: ternary adds, remainder, leaky and parametric
# ReLU, a comparison into a bit mask that sel reads, and the scalar fill. Each lane computes its
# own rows; the mask packs columns, which a row split leaves whole, so the split checks equal.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[64, 128], pl.FP32],
      c: pl.Tensor[[64, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
      out_1: pl.Out[pl.Tensor[[64, 16], pl.UINT8]], out_2: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
    z = pl.load(c, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
    s0 = pl.tile.addc(v, y, z)
    s1 = pl.tile.subsc(s0, 0.5, y)
    s2 = pl.tile.subc(s1, z, v)
    s3 = pl.tile.addsc(s2, 1.25, z)
    r = pl.tile.rem(s3, z)
    r2 = pl.tile.rems(r, 0.75)
    l0 = pl.tile.lrelu(r2, 0.1)
    l1 = pl.tile.prelu(l0, y)
    m = pl.tile.cmp(l1, v, cmp_type=4)
    tmp = pl.tile.create([64, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    q = pl.tile.sel(m, l1, v, tmp)
    e = pl.tile.expands(y, 3.0)
    o0 = pl.store(q, [0, 0], out_0)
    o1 = pl.store(m, [0, 0], out_1)
    o2 = pl.store(e, [0, 0], out_2)
    return o0, o1, o2
