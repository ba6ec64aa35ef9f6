import pypto.language as pl

# A straight-line vector phase that reshapes a tile whose valid rows are the lane's own (17 rows:
# 9 on lane 0, 8 on lane 1) keeps the flat form: the region repair cannot follow the lane's extent
# through the new shape, the flat reshape carries it in its type. The remark names the reshape.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(q9: pl.Tile[[17, 1], pl.FP32, pl.Mem.Acc], out30: pl.Out[pl.Tensor[[17, 1], pl.FP32]]):
    v8 = pl.tile.move(q9, target_memory=pl.Mem.Vec)
    e10 = pl.tile.relu(v8)
    rs21 = pl.tile.reshape(e10, [1, 17])
    o31 = pl.store(v8, [0, 0], out30)
    return o31
