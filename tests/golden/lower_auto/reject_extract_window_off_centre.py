import pypto.language as pl

# Rows [0, 8) of a halved 16-row tile: lane 0's band only, so no lane-local half exists. Refused
# without the split extensions (whole_source_extract_up_down splits it).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ex(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.extract(x, 0, 0, [8, 16])
    return pl.store(s, [0, 0], out)
