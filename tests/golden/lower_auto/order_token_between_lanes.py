import pypto.language as pl

# A split extension (defects/18_overlapping_stores_across_lanes is the spec's refusal): x at row
# 0, then y at row 4 of the same tensor; lane 1's x rows (8..15) could land after lane 0's y rows
# (4..11). A token crosses from both lanes to the cube and back (split=0) between the two stores,
# so each lane's second store waits for both lanes' first.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ovl(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[20, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    o1 = pl.store(x, [0, 0], out)
    o2 = pl.store(y, [4, 0], o1)
    return o2
