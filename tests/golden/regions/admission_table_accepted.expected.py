import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32], v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        z: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([64, 128], 1.0, dtype=pl.FP32)
        x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [aiv_id * 64, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        s: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.slice(v, [64, 128], [aiv_id * 64, 0])
        e: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.extract(v, aiv_id * 64, 0, [64, 128])
        b: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(h, z)
        y2: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(x, s)
        y3: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(e, b)
        y4: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(pl.tile.add(y, y2), y3)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y4, [aiv_id * 64, 0], out_0)
    return o
