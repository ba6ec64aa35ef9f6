import pypto.language as pl

# The partial reduction needs a partial from each lane: with 20 valid columns of 64 under
# LEFT_RIGHT lane 1 holds none, so the row max on the split axis is refused, as the spec does.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(a: pl.Tensor[[16, 64], pl.FP32], qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc],
      out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 64], [16, 20], target_memory=pl.Mem.Vec)
    c = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.add(x, c)
    tmp = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(s, tmp)
    y = pl.tile.row_expand_sub(s, m)
    o = pl.store(y, [0, 0], out)
    return o
