import pypto.language as pl

# A rank-1 load stays whole; the 2D view over it is built at full width and each lane slices
# its own half of it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def r1(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], flat: pl.Tensor[[8192], pl.FP32],
       out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    line = pl.load(flat, [0], [8192], target_memory=pl.Mem.Vec)
    grid = pl.tile.reshape(line, [64, 128])
    s = pl.add(popped, grid)
    return pl.store(s, [0, 0], out_0)
