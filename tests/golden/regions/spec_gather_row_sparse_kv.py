import pypto.language as pl

# The spec's per-lane scattered gather, at tile level: each lane gathers its own 64 rows at a
# lane-derived src_offset into a half-extent accumulator; tile.aic_gather joins them for the cube.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def sparse_kv(idx: pl.Tensor[[128], pl.INT32], pool: pl.Tensor[[4096, 512], pl.BF16],
              q: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left], out: pl.Out[pl.Tensor[[16, 512], pl.FP32]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        ub = pl.full([64, 512], dtype=pl.BF16, value=0.0)
        for k in pl.range(64):
            src = pl.cast(pl.read(idx, [aiv * 64 + k]), pl.INDEX)
            ub = pl.gather_row(ub, pool, [k, 0], [src, 0], [1, 512])
        kv = pl.aic_gather(ub)
    kv_r = pl.tile.move(kv, target_memory=pl.Mem.Right)
    o = pl.matmul(q, kv_r)
    return pl.store(o, [0, 0], out)
