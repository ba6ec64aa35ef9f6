import pypto.language as pl


# One function per path of lower-auto-vector-split, for `tilesplit explain`.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def auto_region(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
                out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    o = pl.store(y, [0, 0], out_0)
    return o


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def auto_flat(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Mat],
              out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    # A loop keeps the AUTO path flat (default-pipeline hoists a `return pl.store(...)` into a
    # name, so that no longer does).
    for i in pl.range(2):
        pl.store(y, [0, 0], out_0)
    return out_0


@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def explicit(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
             out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vec_only(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rejected(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], tbl: pl.Tensor[[256, 128], pl.FP32],
             indices: pl.Tile[[256, 128], pl.INT32, pl.Mem.Vec],
             out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    src = pl.tile.load(tbl, [0, 0], [256, 128], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.gather(src, indices, tmp)
    return pl.store(v, [0, 0], out_0)
