import pypto.language as pl

# A slice of a full-width source moves its window to this lane's half; a slice of a per-lane
# source is already inside the half and only its shape halves.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def slices(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], full: pl.Tile[[128, 256], pl.FP32, pl.Mem.Vec],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    window = pl.tile.slice(full, [128, 128], [0, 64])
    s = pl.add(popped, window)
    o0 = pl.store(s, [0, 0], out_0)
    part = pl.tile.slice(popped, [128, 64], [0, 32])
    return pl.store(part, [0, 0], out_1)
