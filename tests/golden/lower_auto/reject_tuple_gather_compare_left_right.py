import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def gc(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    return pl.store(pair[0], [0, 0], out_0)
