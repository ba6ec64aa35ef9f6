import pypto.language as pl

# Explicit-region admission follows lane-local facts through an alias, a tuple projection and a
# loop result; a broadcast read and arithmetic on it alone stay neutral and are accepted.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 64], pl.FP32],
      out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 8], pl.INT32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        alias = h
        tmp = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pair = pl.tile.gather_compare(alias, 0.5, tmp, cmp_mode=1, out_cols=8)
        idx = pair[0]
        bias = pl.load(b, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
        bias2 = pl.add(bias, bias)
        for i, (c,) in pl.range(2, init_values=(alias,)):
            c2 = pl.add(c, bias2)
            r = pl.yield_(c2)
        w = pl.exp(r)
        o = pl.store(w, [aiv_id * 64, 0], out_0)
        o1 = pl.store(idx, [aiv_id * 64, 0], out_1)
    return o, o1
