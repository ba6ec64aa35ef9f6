import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 8], pl.INT32]]) -> tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 8], pl.INT32]]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        alias: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = h
        tmp: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pair: pl.Tuple[pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(alias, 0.5, tmp, cmp_mode=1, out_cols=8)
        idx: pl.Tile[[64, 8], pl.INT32, pl.Mem.Vec] = pair[0]
        bias: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        bias2: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(bias, bias)
        for i, (c,) in pl.range(2, init_values=(alias,)):
            c2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(c, bias2)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(c2)
        w: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(r)
        o: pl.Tensor[[128, 64], pl.FP32] = pl.tile.store(w, [aiv_id * 64, 0], out_0)
        o1: pl.Tensor[[128, 8], pl.INT32] = pl.tile.store(idx, [aiv_id * 64, 0], out_1)
    return o, o1
