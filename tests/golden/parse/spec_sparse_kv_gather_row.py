# The spec's per-lane scattered gather at tile level. `ub` is rebound inside the loop without
# init_values (the natural accumulator form); convert-to-ssa turns it into a loop carry.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def sparse_kv(idx: pl.Tensor[[128], pl.INT32],
              pool: pl.Tensor[[4096, 512], pl.BF16]) -> pl.Tile[[128, 512], pl.BF16, pl.Mem.Mat]:
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="sparse_kv",
               allow_early_resolve=True):                           # see the ring note
        for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            ub = pl.full([64, 512], dtype=pl.BF16, value=0.0)       # per-lane HALF extent
            for k in pl.range(64):
                src = pl.cast(pl.read(idx, [aiv * 64 + k]), pl.INDEX)
                ub = pl.gather_row(ub, pool, [k, 0], [src, 0], [1, 512])   # lane-derived src_offset
            kv = pl.aic_gather(ub)                                  # V2C -> [128, 512] in Mat
    return kv
