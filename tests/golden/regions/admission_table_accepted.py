import pypto.language as pl

# Every accepted row of the explicit-region admission table: shard consumers, generators (for
# themselves), addressing ops whose read offset uses the lane index, and broadcast reads.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],
      v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        z = pl.full([64, 128], dtype=pl.FP32, value=1.0)
        x = pl.load(a, [aiv_id * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
        s = pl.tile.slice(v, [64, 128], [aiv_id * 64, 0])
        e = pl.tile.extract(v, aiv_id * 64, 0, [64, 128])
        b = pl.load(a, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
        y = pl.add(h, z)
        y2 = pl.add(x, s)
        y3 = pl.add(e, b)
        y4 = pl.add(pl.add(y, y2), y3)
        o = pl.store(y4, [aiv_id * 64, 0], out_0)
    return o
