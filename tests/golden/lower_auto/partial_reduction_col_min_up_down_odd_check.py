import pypto.language as pl

# A split extension: a column min under UP_DOWN over an odd box of 17 rows with 15 valid (lanes of
# 9 and 6 valid rows): each lane takes the min of its rows, the partials cross to the cube stacked
# ([2, 32]) and back whole to both lanes, which take the min of the pair in lane order.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[17, 32], pl.FP32], w: pl.Tile[[17, 32], pl.FP32, pl.Mem.Acc],
      out: pl.Out[pl.Tensor[[17, 32], pl.FP32]], mins: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
    x = pl.load(a, [0, 0], [17, 32], [15, 32], target_memory=pl.Mem.Vec)
    c = pl.tile.move(w, target_memory=pl.Mem.Vec)
    s = pl.tile.add(x, c)
    m = pl.tile.col_min(s)
    o1 = pl.store(m, [0, 0], mins)
    y = pl.tile.col_expand_sub(s, m)
    o = pl.store(y, [0, 0], out)
    return o
